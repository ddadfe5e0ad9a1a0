/// An operator's text in each language they wrote it in. English is always there and stands in for a language
/// without its own text, so every page can show something.
public struct LocalizedText: Sendable, Equatable {
    /// The texts by language tag (`en`, `ja`, …), English included.
    public let texts: [String: String]

    public init(english: String, translations: [String: String] = [:]) {
        var texts = translations
        texts["en"] = english
        self.texts = texts
    }

    /// The text in `language`, or the English one.
    public func text(in language: String) -> String {
        texts[language] ?? texts["en"] ?? ""
    }
}
