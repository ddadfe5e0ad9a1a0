import Foundation
import Testing
@testable import VestibuleWeb

@Suite struct LocalizationTests {
    @Test(arguments: Language.allCases)
    func everyCatalogDefinesEveryKeyExactlyOnce(language: Language) throws {
        // Loading checks both directions: no key missing, none unknown.
        let catalog = try StringCatalog(language: language)
        #expect(catalog.allTexts.count == TextKey.allCases.count)
    }

    @Test func loadingACatalogWithAMissingKeyFailsAndNamesTheKey() {
        var entries = Dictionary(uniqueKeysWithValues: TextKey.allCases.map { ($0.rawValue, "x") })
        entries[TextKey.homeTitle.rawValue] = nil
        #expect {
            try StringCatalog(language: .english, entries: entries)
        } throws: { error in
            "\(error)".contains(TextKey.homeTitle.rawValue)
        }
    }

    /// AUTH-6: "passcode" means the device passcode; it must not appear in any language.
    @Test(arguments: Language.allCases)
    func noCatalogUsesTheWordPasscode(language: Language) throws {
        let forbidden = ["passcode", "pass code", "パスコード", "暗証番号", "Gerätecode", "رمز الدخول"]
        for text in try StringCatalog(language: language).allTexts {
            for word in forbidden {
                #expect(!text.localizedCaseInsensitiveContains(word), "\(language): \(text)")
            }
        }
    }

    @Test(arguments: TextKey.allCases)
    func everyLanguageUsesTheSamePlaceholders(key: TextKey) throws {
        let english = try placeholders(in: StringCatalog(language: .english).text(key))
        for language in Language.allCases {
            #expect(try placeholders(in: StringCatalog(language: language).text(key)) == english, "\(language)")
        }
    }

    @Test func textFillsPlaceholders() throws {
        let catalog = try StringCatalog(language: .english)
        #expect(catalog.text(.homeSignedInAs, ["name": "Ada"]) == "You are signed in as Ada.")
    }

    @Test func negotiationPrefersAnExplicitChoiceThenAcceptLanguageByQuality() {
        #expect(Language.negotiate(explicit: "ja", acceptLanguage: "en") == .japanese)
        #expect(Language.negotiate(explicit: nil, acceptLanguage: "fr;q=1, ja-JP;q=0.8, en;q=0.5") == .japanese)
        #expect(Language.negotiate(explicit: nil, acceptLanguage: "ja;q=0, en") == .english)
        #expect(Language.negotiate(explicit: "xx", acceptLanguage: nil) == .english)
        #expect(Language.negotiate(explicit: nil, acceptLanguage: ";;,,q=") == .english)
    }

    private func placeholders(in text: String) -> Set<String> {
        var found: Set<String> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            found.insert(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }
}
