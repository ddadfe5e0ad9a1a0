import VestibulePhrases

/// Lets Japanese lines break between phrases only: a `<wbr>` at every phrase boundary (``PhraseSegmenter``) of a
/// Japanese page's text, with `:lang(ja) { word-break: keep-all }` in ``BaseStylesheet`` forbidding the breaks
/// between any other two characters. Safari has no `word-break: auto-phrase`; this works in every browser.
///
/// One pass over the finished document, so every string on the page is covered however it was built (a
/// catalog text, an error page's title, a label from the data policy). Only text content changes: never a tag,
/// an attribute value, a comment, an entity (`&amp;` stays whole; the text is segmented as decoded), nor the
/// content of `<script>`, `<style>`, `<textarea>` and `<title>` (read as text, where a `<wbr>` would show),
/// `<pre>` (does not wrap), `<select>` (its options are drawn by the browser's own picker on one line, and
/// parsers disagree on an element inside `<option>`), or `<svg>` and `<math>` (foreign content, where `<wbr>`
/// would be an unknown element swallowing the text after it). A break is only inserted next to a Japanese
/// character and never beside a space, so Latin words and email addresses stay whole.
///
/// Text is segmented per run between tags: a sentence split by `<a>` or `<bdi>` is two runs. Closing
/// punctuation is kept with the character before it (a `kinsoku` span that does not wrap), so that no line starts
/// with it.
public enum PhraseBreaks {
    /// `document` with its Japanese text's phrases marked when `language` (a `lang` value) is Japanese;
    /// otherwise `document` itself.
    public static func insert(into document: HTML, language: String) -> HTML {
        let primary = language.lowercased().split(separator: "-").first
        guard primary == "ja" else { return document }
        return HTML(trusted: inserting(into: document.rendered))
    }

    /// Elements parsed as HTML whose text is left as it is (the raw-text ones are ``MarkupScanner``'s).
    static let untouchedElements: Set<String> = ["pre", "select", "svg", "math"]

    static func inserting(into source: String) -> String {
        let bytes = Array(source.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        var scanner = MarkupScanner(bytes)
        // The untouched element open now, and how many of its kind are open inside it.
        var untouched: (name: String, depth: Int)?
        while let piece = scanner.next() {
            switch piece {
            case .tag(let range, let tag):
                output += bytes[range]
                if let open = untouched, open.name == tag.name, !tag.isSelfClosing {
                    let depth = open.depth + (tag.isEnd ? -1 : 1)
                    untouched = depth > 0 ? (open.name, depth) : nil
                } else if untouched == nil, !tag.isEnd, !tag.isSelfClosing, untouchedElements.contains(tag.name) {
                    untouched = (tag.name, 1)
                }
            case .opaque(let range):
                output += bytes[range]
            case .text(let range):
                if untouched == nil {
                    appendBreakingPhrases(bytes[range], to: &output)
                } else {
                    output += bytes[range]
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// One character of text as written (a scalar's UTF-8, or an entity such as `&amp;`) and as read.
    private struct Unit {
        var written: Range<Int>
        var read: Unicode.Scalar
    }

    private static func appendBreakingPhrases(_ text: ArraySlice<UInt8>, to output: inout [UInt8]) {
        // Japanese is never ASCII: most runs (white space between tags, Latin words) end here.
        guard text.contains(where: { $0 >= 0x80 }) else {
            output += text
            return
        }
        var units: [Unit] = []
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == UInt8(ascii: "&"), let entity = CharacterReference.read(text, at: index) {
                units.append(Unit(written: index..<entity.end, read: entity.scalar))
                index = entity.end
            } else {
                let (scalar, length) = decode(text, at: index)
                units.append(Unit(written: index..<(index + length), read: scalar))
                index += length
            }
        }
        let read = units.map(\.read)
        guard read.contains(where: isJapanese) else {
            output += text
            return
        }
        var glued = false
        for (position, unit) in units.enumerated() {
            if position > 0, breaks(before: position, in: read) {
                output += Self.wbr
            }
            let nextMayNotStartALine = position + 1 < read.count && mayNotStartALine(read[position + 1])
            if !glued, nextMayNotStartALine, !read[position].properties.isWhitespace {
                output += Self.glueOpen
                glued = true
            }
            output += text[unit.written]
            if glued, !nextMayNotStartALine {
                output += Self.glueClose
                glued = false
            }
        }
    }

    private static let wbr = Array("<wbr>".utf8)

    /// A phrase wider than its line (a few characters at 312 % on a phone) can only be broken inside, by
    /// `overflow-wrap`, and that emergency break ignores the rule that a line never starts with "。" or "、"
    /// (kinsoku shori): the full stop went to the next line on its own. The character before such punctuation
    /// is kept with it, so the emergency break falls one character earlier.
    private static let glueOpen = Array("<span class=\"kinsoku\">".utf8)
    private static let glueClose = Array("</span>".utf8)

    /// Closing punctuation that Japanese typesetting never puts at the start of a line (JIS X 4051's
    /// line-start prohibition, its punctuation part). The audit's `brokenPhrase` check reports a line that
    /// starts with one of these.
    public static let closingPunctuation = "、。，．：；？！）」』】〕〉》〙〗｝］"
    private static let closingPunctuationScalars = Set(closingPunctuation.unicodeScalars)

    static func mayNotStartALine(_ scalar: Unicode.Scalar) -> Bool {
        closingPunctuationScalars.contains(scalar)
    }

    /// The scalar whose UTF-8 starts at `index`, and its length. The bytes come from a `String`, so they are
    /// valid UTF-8.
    private static func decode(_ text: ArraySlice<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(text[index])
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = length == 1 ? lead : lead & (0xFF >> (length + 1))
        for offset in 1..<length { value = value << 6 | UInt32(text[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// A phrase starts here, next to Japanese, and not beside a space (already a break).
    private static func breaks(before position: Int, in text: [Unicode.Scalar]) -> Bool {
        let before = text[position - 1], after = text[position]
        guard !before.properties.isWhitespace, !after.properties.isWhitespace,
              isJapanese(before) || isJapanese(after)
        else { return false }
        return PhraseSegmenter.japanese.startsPhrase(at: position, in: text)
    }

    /// Kana, CJK ideographs, and Japanese punctuation and full-width forms.
    static func isJapanese(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3000...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF:
            true
        default:
            false
        }
    }
}
