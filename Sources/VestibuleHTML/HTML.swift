import Foundation

/// A fragment of HTML that is safe to send: text interpolated into it is escaped unless it is itself `HTML`.
///
/// Escaping by default means a page cannot forget it: `"<p>\(account.displayName)</p>" as HTML` is safe
/// even when the name is `<script>`. Only string literals, written in the source, are trusted as markup.
public struct HTML: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public private(set) var rendered: String

    public init(stringLiteral literal: StaticString) {
        rendered = literal.description
    }

    public init(stringInterpolation: Interpolation) {
        rendered = stringInterpolation.rendered
    }

    /// Markup that is already safe: a whole document transformed without changing its markup (``PhraseBreaks``).
    init(trusted rendered: String) {
        self.rendered = rendered
    }

    /// Escaped text, for callers that build fragments from data.
    public init(text: String) {
        rendered = HTML.escape(text)
    }

    /// `template`, plain text, with its `{name}` placeholder filled by `value` inside `<bdi>`: an email
    /// address, a code or an order number keeps its own direction inside right-to-left text (and the other way
    /// round). Both are escaped.
    public init(_ template: String, isolating name: String, _ value: String) {
        let pieces = template.components(separatedBy: "{\(name)}")
        var fragments: [HTML] = []
        for (index, piece) in pieces.enumerated() {
            if index > 0 { fragments.append("<bdi>\(value)</bdi>") }
            fragments.append(HTML(text: piece))
        }
        self = HTML.join(fragments)
    }

    public var description: String { rendered }

    /// Joins fragments without a separator.
    public static func join(_ fragments: some Sequence<HTML>) -> HTML {
        var joined = HTML(text: "")
        for fragment in fragments { joined.rendered += fragment.rendered }
        return joined
    }

    public struct Interpolation: StringInterpolationProtocol {
        var rendered = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            rendered.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        public mutating func appendLiteral(_ literal: StaticString) {
            rendered += literal.description
        }

        public mutating func appendInterpolation(_ html: HTML) {
            rendered += html.rendered
        }

        public mutating func appendInterpolation(_ text: String) {
            rendered += HTML.escape(text)
        }

        public mutating func appendInterpolation(_ number: Int) {
            rendered += String(number)
        }

        public mutating func appendInterpolation(_ fragments: [HTML]) {
            for fragment in fragments { rendered += fragment.rendered }
        }
    }

    /// Escapes the five characters that can change the meaning of HTML text or a quoted attribute value.
    ///
    /// Byte by byte over the UTF-8, which is scalar by scalar, as a browser reads: the five are ASCII, and an ASCII
    /// byte never occurs inside another scalar's encoding. (A `Character` would not do: it is a whole grapheme
    /// cluster, so a `"` after U+0600, a prepend character, or before a combining mark is not equal to `"`, yet it
    /// still ends the attribute.) Text with none of the five, most of a page, comes back as it is, uncopied.
    static func escape(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { replacement(for: $0) != nil }) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(utf8.count + 32)
        for byte in utf8 {
            if let replacement = replacement(for: byte) {
                replacement.withUTF8Buffer { escaped.append(contentsOf: $0) }
            } else {
                escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func replacement(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }
}
