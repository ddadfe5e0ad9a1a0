import Foundation

/// The `Accept-Language` header (RFC 9110 §12.5.4): which languages the reader prefers, in order.
public enum AcceptLanguage {
    /// The first language of `supported` (primary subtags such as `en`, `ja`) that `header` accepts, taking the
    /// reader's preferences in order of quality; nil when it accepts none of them. `de-CH` matches `de`.
    public static func bestMatch(among supported: some Collection<String>, in header: String) -> String? {
        for tag in preferredTags(in: header) {
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            if supported.contains(primary) { return primary }
        }
        return nil
    }

    /// The language tags of `header`, lowercased, best first (ties keep the header's order); entries with
    /// `q=0` mean "not this one" and are left out.
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
