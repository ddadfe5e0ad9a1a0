/// RFC 2045 quoted-printable: how the UTF-8 body travels through 7-bit mail systems.
enum QuotedPrintable {
    /// The longest encoded line RFC 2045 allows, soft-break `=` included.
    static let maximumLineLength = 76

    /// Encodes `text`, whose line breaks may be LF, CRLF or CR, as CRLF-separated lines of at most 76
    /// characters. A body that does not end with a line break ends with a soft break (`=` CRLF), so decoding
    /// gives back exactly the same text. A `.` that would start a line is encoded too, so no SMTP server can
    /// mistake it for the end of the data.
    static func encode(_ text: String) -> String {
        let lines = Self.lines(Array(text.utf8))
        var output = lines.map(encodeLine).joined(separator: "\r\n")
        if let last = lines.last, !last.isEmpty { output += "=\r\n" }
        return output
    }

    /// Splits UTF-8 text at LF, CRLF and lone CR (bytes, so no grapheme cluster can hide a line break).
    private static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = [[]]
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\r"):
                lines.append([])
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "\n"):
                lines.append([])
            default:
                lines[lines.count - 1].append(bytes[index])
            }
            index += 1
        }
        return lines
    }

    private static func encodeLine(_ bytes: [UInt8]) -> String {
        var output = ""
        var current = ""
        for (index, byte) in bytes.enumerated() {
            let isLast = index == bytes.count - 1
            var token: String
            switch byte {
            case 33...60, 62...126: token = String(UnicodeScalar(byte))
            case 9, 32: token = isLast ? escaped(byte) : String(UnicodeScalar(byte))
            default: token = escaped(byte)
            }
            // Leave room for the soft-break `=` on every physical line.
            if current.utf8.count + token.utf8.count > maximumLineLength - 1 {
                output += current + "=\r\n"
                current = ""
            }
            if current.isEmpty && byte == UInt8(ascii: ".") { token = escaped(byte) }
            current += token
        }
        return output + current
    }

    private static func escaped(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "=" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }

    /// Decodes quoted-printable text: `=XX` escapes, soft line breaks, trailing whitespace added in transit.
    /// Malformed escapes are kept literally rather than refused.
    static func decode(_ text: String) -> String {
        var bytes: [UInt8] = []
        let lines = text.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        for (index, rawLine) in lines.enumerated() {
            var line = Substring(rawLine)
            while let last = line.last, last == " " || last == "\t" { line = line.dropLast() }
            let soft = line.hasSuffix("=")
            if soft { line = line.dropLast() }
            bytes += decodeBytes(line)
            if !soft && index < lines.count - 1 { bytes.append(UInt8(ascii: "\n")) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes `=XX` escapes stand for (no line handling).
    static func decodeBytes(_ text: some StringProtocol) -> [UInt8] {
        let input = Array(text.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < input.count {
            if input[index] == UInt8(ascii: "="), index + 2 < input.count,
                let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(input[index])
                index += 1
            }
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
