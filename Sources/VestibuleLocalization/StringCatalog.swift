import Foundation

/// The translations of every ``TextKey`` for one language, read from `Resources/Strings/<tag>.json`.
///
/// Values may contain `{placeholder}` markers, filled by ``StringCatalog/text(_:_:)``.
public struct StringCatalog: Sendable {
    public let language: Language
    package let entries: [String: String]

    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Loads the catalog shipped with Vestibule, failing with a message that names a missing or unknown key.
    public init(language: Language) throws(LoadError) {
        let name = language.tag
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Resources/Strings")
        else { throw LoadError(description: "The string catalog \(name).json is missing from the bundle.") }
        do {
            let data = try Data(contentsOf: url)
            try self.init(language: language, entries: JSONDecoder().decode([String: String].self, from: data))
        } catch let error as LoadError {
            throw error
        } catch {
            throw LoadError(description: "The string catalog \(name).json is not a JSON object of strings: \(error)")
        }
    }

    package init(language: Language, entries: [String: String]) throws(LoadError) {
        let expected = Set(TextKey.allCases.map(\.rawValue))
        let missing = expected.subtracting(entries.keys).sorted()
        let unknown = Set(entries.keys).subtracting(expected).sorted()
        guard missing.isEmpty, unknown.isEmpty else {
            throw LoadError(
                description: "The \(language.tag) catalog is incomplete: missing \(missing), unknown \(unknown)."
            )
        }
        self.language = language
        self.entries = entries
    }

    /// The translation of `key`, with each `{name}` replaced by `arguments[name]` (plain text, escaped by
    /// the ``HTML`` that later embeds it).
    public func text(_ key: TextKey, _ arguments: KeyValuePairs<String, String> = [:]) -> String {
        text(key, Dictionary(arguments.map { ($0, $1) }, uniquingKeysWith: { $1 }))
    }

    public func text(_ key: TextKey, _ arguments: [String: String]) -> String {
        // The initializer proved every key present.
        var value = entries[key.rawValue]!
        for (name, argument) in arguments {
            value = value.replacingOccurrences(of: "{\(name)}", with: argument)
        }
        return value
    }

    /// Every translation, for checks over the whole catalog (forbidden words, placeholders).
    public var allTexts: [String] { Array(entries.values) }
}

/// The loaded catalog of every ``Language``.
public struct Localization: Sendable {
    private let catalogs: [Language: StringCatalog]

    public init() throws(StringCatalog.LoadError) {
        var catalogs: [Language: StringCatalog] = [:]
        for language in Language.allCases {
            catalogs[language] = try StringCatalog(language: language)
        }
        self.catalogs = catalogs
    }

    public func catalog(for language: Language) -> StringCatalog {
        // `init` loaded one catalog per case.
        catalogs[language]!
    }
}
