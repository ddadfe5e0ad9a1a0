import Testing
import VestibuleHTML

/// Escaping works on Unicode scalars, as an HTML parser reads, not on the grapheme clusters Swift's `Character`
/// groups them into: a `"` after a prepend character (U+0600) or before a combining mark is a `"` to a browser.
@Suite struct HTMLEscapingTests {
    /// Markup characters, prepend characters, combining marks, a zero-width joiner inside an emoji sequence,
    /// and plain text: the pieces that make clusters out of markup.
    private static let alphabet: [String] = [
        "<", ">", "\"", "'", "&", "\u{0600}", "\u{0601}", "\u{0602}", "\u{0603}", "\u{0604}", "\u{0605}",
        "\u{0301}", "\u{0308}", "\u{200D}", "👩", "💻", "a", "Z", " ", "=", "/", "é", "\r\n",
    ]

    @Test(arguments: 0..<8)
    func escapedTextHasNoMarkupCharacterAndReadsBackAsTheText(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<500 {
            let length = Int(random.next() % 24)
            let text = (0..<length).map { _ in Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))] }.joined()
            let escaped = HTML(text: text).rendered
            let markup = escaped.utf8.filter { [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'")].contains($0) }
            #expect(markup.isEmpty, "\(Array(text.unicodeScalars)) escaped to \(Array(escaped.unicodeScalars))")
            #expect(Self.unescaped(escaped) == Array(text.unicodeScalars))
        }
    }

    @Test func aQuoteThatSharesAClusterWithItsNeighboursIsStillEscaped() {
        let value = "\u{0600}\"\u{0600}>\u{0600}<meta http-equiv=refresh>\"\u{0301}"
        let html: HTML = "<input value=\"\(value)\">"
        #expect(html.rendered == "<input value=\"\u{0600}&quot;\u{0600}&gt;\u{0600}&lt;meta http-equiv=refresh&gt;&quot;\u{0301}\">")
    }

    /// The five references ``HTML`` writes, read back from left to right.
    private static func unescaped(_ html: String) -> [Unicode.Scalar] {
        let references: [(String, Unicode.Scalar)] = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")]
        var scalars = Array(html.unicodeScalars)
        var result: [Unicode.Scalar] = []
        while !scalars.isEmpty {
            if let (reference, scalar) = references.first(where: { scalars.starts(with: $0.0.unicodeScalars) }) {
                result.append(scalar)
                scalars.removeFirst(reference.unicodeScalars.count)
            } else {
                result.append(scalars.removeFirst())
            }
        }
        return result
    }
}

/// A small seeded generator, so a failure names the seed that reproduces it.
private struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
