/// Splits a document into what the HTML parser reads as markup and what it reads as text, without building a
/// tree: tags (their quoted attribute values included), comments, the doctype, and the raw content of
/// `<script>`, `<style>`, `<textarea>` and `<title>`, whose text is never markup, apart from the text between.
struct MarkupScanner {
    enum Piece: Equatable {
        /// A start or end tag.
        case tag(Range<Int>, Tag)
        /// A comment, the doctype, a processing instruction, or the content of a raw-text element.
        case opaque(Range<Int>)
        /// Text, entities included.
        case text(Range<Int>)
    }

    struct Tag: Equatable {
        /// Lowercased.
        var name: String
        var isEnd: Bool
        /// Written `<name … />`.
        var isSelfClosing: Bool
    }

    /// Elements whose content the parser reads as text up to their end tag, so a `<wbr>` inside would show.
    static let rawTextElements: Set<String> = ["script", "style", "textarea", "title"]

    private let scalars: [Unicode.Scalar]
    private var position = 0
    /// The raw-text element just opened: its content comes next.
    private var rawTextElement: String?

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    mutating func next() -> Piece? {
        guard position < scalars.count else { return nil }
        let start = position
        if let element = rawTextElement {
            rawTextElement = nil
            position = firstIndex(ofEndTag: element, from: start)
            return position > start ? .opaque(start..<position) : next()
        }
        if scalars[start] == "<", let piece = markup(at: start) {
            return piece
        }
        position = start + 1
        while position < scalars.count, scalars[position] != "<" { position += 1 }
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
        guard index < scalars.count, isASCIILetter(scalars[index]) else {
            return nil
        }
        var name = ""
        while index < scalars.count, !isTagNameEnd(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        // Attributes: a quote opens a value only right after `=` (spaces allowed), so an apostrophe in an
        // unquoted value or a name does not hide the `>`.
        var quote: Unicode.Scalar?
        var afterEquals = false
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == ">" {
                break
            } else if afterEquals, scalar == "\"" || scalar == "'" {
                quote = scalar
            }
            if quote == nil, !scalar.properties.isWhitespace { afterEquals = scalar == "=" }
            index += 1
        }
        position = min(index + 1, scalars.count)
        let tag = Tag(
            name: name.lowercased(), isEnd: isEnd, isSelfClosing: index > start && index < scalars.count
                && scalars[index - 1] == "/"
        )
        if !isEnd, Self.rawTextElements.contains(tag.name) { rawTextElement = tag.name }
        return .tag(start..<position, tag)
    }

    private func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private func isTagNameEnd(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "/" || scalar == ">"
    }

    private func matches(_ literal: String, at index: Int) -> Bool {
        var at = index
        for scalar in literal.unicodeScalars {
            guard at < scalars.count, scalars[at] == scalar else { return false }
            at += 1
        }
        return true
    }

    /// The index just past the first `literal` at or after `index`, or the end.
    private func firstIndex(after literal: String, from index: Int) -> Int {
        var at = index
        while at < scalars.count {
            if matches(literal, at: at) { return at + literal.unicodeScalars.count }
            at += 1
        }
        return scalars.count
    }

    /// The index of `</element` (any case) at or after `index`, or the end.
    private func firstIndex(ofEndTag element: String, from index: Int) -> Int {
        let length = element.unicodeScalars.count + 2
        var at = index
        while at + length <= scalars.count {
            if scalars[at] == "<", scalars[at + 1] == "/",
               String(String.UnicodeScalarView(scalars[(at + 2)..<(at + length)])).lowercased() == element
            {
                return at
            }
            at += 1
        }
        return scalars.count
    }
}
