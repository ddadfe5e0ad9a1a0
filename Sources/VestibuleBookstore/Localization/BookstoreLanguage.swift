import VestibuleHTTP

/// A language the bookstore is written in. Readers who prefer another (German, Arabic, …) get English: the
/// shop is a demo, Vestibule's own pages speak more.
public enum BookstoreLanguage: String, Sendable, CaseIterable, Codable {
    case english = "en"
    case japanese = "ja"

    /// The value of the `lang` attribute; both read left to right.
    var tag: String { rawValue }

    /// An explicit choice (`?lang=`, or the remembered cookie) first, then the browser's `Accept-Language`,
    /// then English.
    static func negotiate(explicit: String?, acceptLanguage: String?) -> BookstoreLanguage {
        if let explicit, let chosen = BookstoreLanguage(rawValue: explicit) { return chosen }
        let accepted = AcceptLanguage.bestMatch(among: allCases.map(\.rawValue), in: acceptLanguage ?? "")
        return accepted.flatMap(BookstoreLanguage.init(rawValue:)) ?? .english
    }
}
