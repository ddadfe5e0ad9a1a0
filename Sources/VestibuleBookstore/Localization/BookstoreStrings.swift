import Foundation

/// The bookstore's texts in one language, read from `Resources/Strings/<tag>.json` at start-up; loading fails
/// when a key is missing or unknown, so no page can show a key instead of a text.
struct BookstoreStrings: Sendable {
    let language: BookstoreLanguage
    private let entries: [String: String]
    private let locale: Locale

    struct LoadError: Error, CustomStringConvertible {
        let description: String
    }

    init(language: BookstoreLanguage) throws(LoadError) {
        let name = language.tag
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Resources/Strings"),
              let data = try? Data(contentsOf: url),
              let entries = try? JSONDecoder().decode([String: String].self, from: data)
        else { throw LoadError(description: "The string catalog \(name).json is missing or not an object of strings.") }
        let expected = Set(BookstoreText.allCases.map(\.rawValue))
        let missing = expected.subtracting(entries.keys).sorted()
        let unknown = Set(entries.keys).subtracting(expected).sorted()
        guard missing.isEmpty, unknown.isEmpty else {
            throw LoadError(description: "The \(name) catalog is incomplete: missing \(missing), unknown \(unknown).")
        }
        self.language = language
        self.entries = entries
        locale = Locale(identifier: language == .japanese ? "ja_JP" : "en_US")
    }

    /// The translation of `key`, each `{name}` replaced by `arguments[name]` (plain text: the page escapes it).
    func text(_ key: BookstoreText, _ arguments: KeyValuePairs<String, String> = [:]) -> String {
        // The initializer proved every key present.
        var value = entries[key.rawValue]!
        for (name, argument) in arguments {
            value = value.replacingOccurrences(of: "{\(name)}", with: argument)
        }
        return value
    }

    /// US cents as this language writes dollars: `$2.99`.
    func price(cents: Int) -> String {
        (Decimal(cents) / 100).formatted(.currency(code: "USD").locale(locale))
    }

    /// The day of `date` as this language writes it (`December 1, 2026`, `2026年12月1日`), in UTC: the shop
    /// does not know the reader's time zone.
    func day(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .long, time: .omitted, locale: locale, timeZone: .gmt))
    }
}

/// The bookstore's texts in every language, loaded once.
struct BookstoreLocalization: Sendable {
    private let catalogs: [BookstoreLanguage: BookstoreStrings]

    init() throws(BookstoreStrings.LoadError) {
        var catalogs: [BookstoreLanguage: BookstoreStrings] = [:]
        for language in BookstoreLanguage.allCases { catalogs[language] = try BookstoreStrings(language: language) }
        self.catalogs = catalogs
    }

    func strings(for language: BookstoreLanguage) -> BookstoreStrings {
        // `init` loaded one catalog per case.
        catalogs[language]!
    }
}
