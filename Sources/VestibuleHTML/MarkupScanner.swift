/// Splits a document's UTF-8 into what the HTML parser reads as markup and what it reads as text, without
/// building a tree: tags (their quoted attribute values included), comments, the doctype, and the raw content of
/// `<script>`, `<style>`, `<textarea>` and `<title>`, whose text is never markup, apart from the text between.
///
/// Markup is ASCII, so bytes are enough to find it; only text is ever decoded, and only by the caller.
struct MarkupScanner {
    enum Piece {
        /// A start or end tag.
        case tag(Range<Int>, Tag)
        /// A comment, the doctype, a processing instruction, or the content of a raw-text element.
        case opaque(Range<Int>)
        /// Text, entities included.
        case text(Range<Int>)
    }

    struct Tag {
        /// Lowercased.
        var name: String
        var isEnd: Bool
        /// Written `<name … />`.
        var isSelfClosing: Bool
    }

    /// Elements whose content the parser reads as text up to their end tag, so a `<wbr>` inside would show.
    static let rawTextElements: Set<String> = ["script", "style", "textarea", "title"]

    private let bytes: [UInt8]
    private var position = 0
    /// The raw-text element just opened: its content comes next.
    private var rawTextElement: String?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() -> Piece? {
        guard position < bytes.count else { return nil }
        let start = position
        if let element = rawTextElement {
            rawTextElement = nil
            position = firstIndex(ofEndTag: element, from: start)
            return position > start ? .opaque(start..<position) : next()
        }
        if bytes[start] == UInt8(ascii: "<"), let piece = markup(at: start) {
            return piece
        }
        position = start + 1
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
        return .text(start..<position)
    }

    /// The markup starting at the `<` at `start`, or nil when that `<` is text.
    private mutating func markup(at start: Int) -> Piece? {
        if matches("<!--", at: start) {
            position = firstIndex(after: "-->", from: start + 4)
            return .opaque(start..<position)
        }
        if matches("<!", at: start) || matches("<?", at: start) {
            position = firstIndex(after: ">", from: start + 2)
            return .opaque(start..<position)
        }
        let isEnd = matches("</", at: start)
        var index = start + (isEnd ? 2 : 1)
        guard index < bytes.count, Self.isLetter(bytes[index]) else { return nil }
        let nameStart = index
        while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"),
              bytes[index] != UInt8(ascii: ">")
        {
            index += 1
        }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
        // Attributes: a quote opens a value only right after `=` (spaces allowed), so an apostrophe in an
        // unquoted value or a name does not hide the `>`.
        var quote: UInt8?
        var afterEquals = false
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: ">") {
                break
            } else if afterEquals, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            }
            if quote == nil, !Self.isSpace(byte) { afterEquals = byte == UInt8(ascii: "=") }
            index += 1
        }
        position = min(index + 1, bytes.count)
        let isSelfClosing = index < bytes.count && bytes[index - 1] == UInt8(ascii: "/")
        if !isEnd, Self.rawTextElements.contains(name) { rawTextElement = name }
        return .tag(start..<position, Tag(name: name, isEnd: isEnd, isSelfClosing: isSelfClosing))
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// HTML's ASCII white space.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private func matches(_ literal: StaticString, at index: Int) -> Bool {
        literal.withUTF8Buffer { literal in
            index + literal.count <= bytes.count && bytes[index..<(index + literal.count)].elementsEqual(literal)
        }
    }

    /// The index just past the first `literal` at or after `index`, or the end.
    private func firstIndex(after literal: StaticString, from index: Int) -> Int {
        var at = index
        while at < bytes.count {
            if matches(literal, at: at) { return at + literal.utf8CodeUnitCount }
            at += 1
        }
        return bytes.count
    }

    /// The index of `</element` (any case) at or after `index`, or the end.
    private func firstIndex(ofEndTag element: String, from index: Int) -> Int {
        let name = Array(element.utf8)
        var at = index
        while at + 2 + name.count <= bytes.count {
            if bytes[at] == UInt8(ascii: "<"), bytes[at + 1] == UInt8(ascii: "/"),
               zip(bytes[(at + 2)...], name).allSatisfy({ $0 | 0x20 == $1 })
            {
                return at
            }
            at += 1
        }
        return bytes.count
    }
}
