import Foundation
import Testing
@testable import VestibuleBookstore

/// The bookstore's texts and catalog in every language it is written in.
@Suite struct BookstoreTextTests {
    @Test(arguments: BookstoreText.allCases)
    func everyLanguageHasTheTextWithTheSamePlaceholders(key: BookstoreText) throws {
        let localization = try BookstoreLocalization()
        let english = Self.placeholders(in: localization.strings(for: .english).text(key))
        for language in BookstoreLanguage.allCases {
            let text = localization.strings(for: language).text(key)
            #expect(!text.isEmpty, "\(language) \(key)")
            #expect(Self.placeholders(in: text) == english, "\(language) \(key): \(text)")
        }
    }

    @Test func everyBookHasItsTitleAuthorAndBlurbInEveryLanguage() throws {
        let catalog = try Catalog.bundled()
        #expect(catalog.books.count == 6)
        for book in catalog.books {
            for language in BookstoreLanguage.allCases {
                let texts = book.texts(in: language)
                #expect(!texts.title.isEmpty && !texts.author.isEmpty && !texts.blurb.isEmpty, "\(book.id) \(language)")
            }
        }
        #expect(catalog.book("botchan")?.texts(in: .japanese).title == "坊っちゃん")
    }

    @Test func theLanguageIsTheChosenOneThenTheBrowsersThenEnglish() {
        #expect(BookstoreLanguage.negotiate(explicit: "ja", acceptLanguage: "en") == .japanese)
        #expect(BookstoreLanguage.negotiate(explicit: nil, acceptLanguage: "de-CH, ja;q=0.8, en;q=0.5") == .japanese)
        #expect(BookstoreLanguage.negotiate(explicit: "ar", acceptLanguage: "ar-EG") == .english, "no Arabic: English")
        #expect(BookstoreLanguage.negotiate(explicit: nil, acceptLanguage: "ja;q=0, en") == .english)
    }

    @Test func pricesAndDaysAreWrittenTheWayEachLanguageWritesThem() throws {
        let localization = try BookstoreLocalization()
        #expect(localization.strings(for: .english).price(cents: 299) == "$2.99")
        #expect(localization.strings(for: .japanese).price(cents: 1050) == "$10.50")
        let day = try #require(try? Date("2026-12-01T23:30:00Z", strategy: .iso8601))
        #expect(localization.strings(for: .english).day(day) == "December 1, 2026")
        #expect(localization.strings(for: .japanese).day(day) == "2026年12月1日")
    }

    private static func placeholders(in text: String) -> Set<String> {
        var found: Set<String> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            found.insert(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }
}
