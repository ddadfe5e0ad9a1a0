/// RFC 8259's grammar, checked over a whole document before Foundation's `JSONDecoder` reads it.
///
/// `JSONDecoder` checks only what it decodes: in a member a type ignores, it lets through a trailing comma, `18.`,
/// `01`, `"\x"`, a raw control character, a lone surrogate and invalid UTF-8 (all found by `Fuzz/`). Two readers of
/// one body could then disagree on what it says (a proxy that refuses it, a check that read it as `JSONValue`), so
/// everything Vestibule reads from outside passes here first. Also refused: a number no `Double` holds (beyond its
/// range, or so small that it rounds to zero; RFC 8259 §6 lets a parser limit numbers, and `JSONValue` keeps
/// doubles), nesting deeper than ``maximumDepth``, and a byte order mark (RFC 8259 §8.1: senders must not add one).
public enum JSONSyntax {
    /// The deepest nesting accepted: Foundation's own limit, so that no document it reads is refused for depth alone.
    public static let maximumDepth = 512

    /// Whether `bytes` are one JSON text in UTF-8, and nothing else.
    public static func isValid(_ bytes: [UInt8]) -> Bool {
        // Outside strings the grammar allows ASCII only, so checking the whole text is checking the strings.
        guard String(validating: bytes, as: UTF8.self) != nil else { return false }
        var reader = SyntaxReader(bytes: bytes)
        return reader.document()
    }
}

/// Reads values without recursion: open containers are a stack, so depth costs no call frames.
private struct SyntaxReader {
    let bytes: [UInt8]
    var index = 0
    /// The open containers, innermost last: `{` or `[`.
    var open: [UInt8] = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// What reading at a value's place found.
    private enum Step {
        case invalid
        /// A container opened (and, for an object, its first member's name read): its first value comes next.
        case opened
        /// A whole value: a scalar or an empty container.
        case complete
    }

    mutating func document() -> Bool {
        skipSpace()
        while true {
            switch value() {
            case .invalid: return false
            case .opened: continue
            case .complete: break
            }
            // A value ended: close what it ends, then expect the next element or the end of the text.
            while true {
                skipSpace()
                guard let container = open.last else { return index == bytes.count }
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    skipSpace()
                    guard container == UInt8(ascii: "[") || memberName() else { return false }
                    break
                }
                guard bytes[index] == container + 2 else { return false }  // `]` and `}` follow `[` and `{` by two
                index += 1
                open.removeLast()
            }
        }
    }

    private mutating func value() -> Step {
        guard index < bytes.count else { return .invalid }
        let valid: Bool
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let opening = bytes[index]
            index += 1
            skipSpace()
            // An empty container is a level too, as Foundation counts.
            guard open.count < JSONSyntax.maximumDepth else { return .invalid }
            if skip(opening + 2) { return .complete }
            open.append(opening)
            return opening == UInt8(ascii: "[") || memberName() ? .opened : .invalid
        case UInt8(ascii: "\""): valid = string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): valid = number()
        default: valid = literal("true") || literal("false") || literal("null")
        }
        return valid ? .complete : .invalid
    }

    /// A member's name and its colon.
    private mutating func memberName() -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), string() else { return false }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
        index += 1
        skipSpace()
        return true
    }

    private mutating func string() -> Bool {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return true
            case ..<0x20: return false
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return false }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "u"): guard escapedScalar() else { return false }
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    continue
                default: return false
                }
            default: continue
            }
        }
        return false
    }

    /// The four hex digits after `\u`; a high surrogate must be followed by an escaped low one, and a low one
    /// never stands alone (Swift strings, and so every decoded value, can hold only scalars).
    private mutating func escapedScalar() -> Bool {
        guard let unit = hexQuad() else { return false }
        switch unit {
        case 0xD800...0xDBFF:
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return false }
            index += 2
            guard let low = hexQuad() else { return false }
            return (0xDC00...0xDFFF).contains(low)
        case 0xDC00...0xDFFF: return false
        default: return true
        }
    }

    private mutating func hexQuad() -> UInt16? {
        guard index + 4 <= bytes.count else { return nil }
        var unit: UInt16 = 0
        for byte in bytes[index..<(index + 4)] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            unit = unit << 4 | UInt16(digit)
        }
        index += 4
        return unit
    }

    /// `-`? (`0` | `1`–`9` digits*) (`.` digits+)? ([eE] [+-]? digits+)?, whose value a `Double` holds.
    private mutating func number() -> Bool {
        let start = index
        guard numberSyntax() else { return false }
        let literal = bytes[start..<index]
        guard let value = Double(String(decoding: literal, as: UTF8.self)), value.isFinite else { return false }
        let mantissa = literal.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
        return value != 0 || !mantissa.contains { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }
    }

    private mutating func numberSyntax() -> Bool {
        skip(UInt8(ascii: "-"))
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if skip(UInt8(ascii: ".")), digits() == 0 { return false }
        if skip(UInt8(ascii: "e")) || skip(UInt8(ascii: "E")) {
            _ = skip(UInt8(ascii: "+")) || skip(UInt8(ascii: "-"))
            if digits() == 0 { return false }
        }
        return true
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            word.withUTF8Buffer({ bytes[index..<(index + count)].elementsEqual($0) })
        else { return false }
        index += count
        return true
    }

    @discardableResult
    private mutating func skip(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// RFC 8259 whitespace: space, tab, LF and CR only.
    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }
}
