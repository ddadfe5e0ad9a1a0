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
        // The initializer proved every key present.
        let template = entries[key.rawValue]!
        guard !arguments.isEmpty else { return template }
        return Self.fill(template) { name in arguments.first { $0.key == name }?.value }
    }

    public func text(_ key: TextKey, _ arguments: [String: String]) -> String {
        let template = entries[key.rawValue]!
        guard !arguments.isEmpty else { return template }
        return Self.fill(template) { arguments[String($0)] }
    }

    /// `template` with each `{name}` that `argument` has a value for replaced by it, in one pass: a value is
    /// inserted as it is, never read for placeholders itself (a passkey named "{url}" stays so named). Other braces
    /// stay as they are.
    static func fill(_ template: String, _ argument: (Substring) -> String?) -> String {
        var filled = ""
        filled.reserveCapacity(template.utf8.count + 64)
        var rest = template[...]
        // Braces are ASCII, so their UTF-8 positions are character boundaries to slice at.
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")) {
            filled += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].utf8.firstIndex(of: UInt8(ascii: "}")),
                  let value = argument(rest[afterOpen..<close])
            else {
                filled += "{"
                rest = rest[afterOpen...]
                continue
            }
            filled += value
            rest = rest[rest.index(after: close)...]
        }
        filled += rest
        return filled
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
