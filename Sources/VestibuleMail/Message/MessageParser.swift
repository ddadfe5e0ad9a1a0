import Foundation

/// Reads back a message ``MessageRenderer`` wrote: header fields unfolded, the subject's encoded-words and
/// the body's quoted-printable (or base64) decoded. Not a general MIME parser: single-part text only.
struct MessageParser {
    let fields: [(name: String, value: String)]
    let rawBody: String

    init(_ text: String) {
        let normalized = text.replacing("\r\n", with: "\n")
        let header: Substring
        if let separator = normalized.range(of: "\n\n") {
            header = normalized[..<separator.lowerBound]
            rawBody = String(normalized[separator.upperBound...])
        } else {
            header = Substring(normalized)
            rawBody = ""
        }
        var fields: [(name: String, value: String)] = []
        for line in header.split(separator: "\n") {
            if let first = line.first, first == " " || first == "\t", !fields.isEmpty {
                fields[fields.count - 1].value += line
            } else if let colon = line.firstIndex(of: ":") {
                let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
                fields.append((String(line[..<colon]), String(value)))
            }
        }
        self.fields = fields
    }

    func field(_ name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var subject: String { EncodedWord.decode(field("Subject") ?? "") }

    var textBody: String {
        switch field("Content-Transfer-Encoding")?.lowercased() {
        case "quoted-printable": QuotedPrintable.decode(rawBody)
        case "base64": Base64Body.decode(rawBody)
        default: rawBody
        }
    }
}

private enum Base64Body {
    static func decode(_ text: String) -> String {
        let compact = text.filter { !$0.isWhitespace }
        return Data(base64Encoded: compact).map { String(decoding: $0, as: UTF8.self) } ?? text
    }
}
