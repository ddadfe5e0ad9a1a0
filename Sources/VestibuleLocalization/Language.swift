import VestibuleHTTP

/// A language Vestibule's pages are written in. Each has a complete string catalog in `Resources/Strings`.
public enum Language: String, Sendable, CaseIterable {
    case english = "en"
    case japanese = "ja"
    case german = "de"
    case arabic = "ar"

    /// The value of the `lang` attribute (a BCP 47 tag).
    public var tag: String { rawValue }

    /// The value of the `dir` attribute: Arabic reads right to left, the others left to right.
    public var direction: String {
        switch self {
        case .arabic: "rtl"
        case .english, .japanese, .german: "ltr"
        }
    }

    /// Picks the language for a request: an explicit choice first, then the browser's `Accept-Language`
    /// preferences in order of quality, then English.
    public static func negotiate(explicit: String?, acceptLanguage: String?) -> Language {
        if let explicit, let chosen = Language(rawValue: explicit) { return chosen }
        let accepted = AcceptLanguage.bestMatch(among: allCases.map(\.rawValue), in: acceptLanguage ?? "")
        return accepted.flatMap(Language.init(rawValue:)) ?? .english
    }
}
