import Foundation

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
        for tag in preferredTags(in: acceptLanguage ?? "") {
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            if let language = Language(rawValue: primary) { return language }
        }
        return .english
    }

    /// The tags of an `Accept-Language` header, best first; entries with `q=0` mean "not this one".
    static func preferredTags(in header: String) -> [String] {
        let weighted = header.split(separator: ",").enumerated().compactMap { index, entry -> (String, Double, Int)? in
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, !tag.isEmpty else { return nil }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            return quality > 0 ? (tag.lowercased(), quality, index) : nil
        }
        return weighted.sorted { ($0.1, -$0.2) > ($1.1, -$1.2) }.map(\.0)
    }
}
