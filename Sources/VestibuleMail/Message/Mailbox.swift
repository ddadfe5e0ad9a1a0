/// A sender as configured, `Vestibule <no-reply@example.com>` or `no-reply@example.com`.
struct Mailbox: Sendable, Equatable {
    let displayName: String
    let address: MailAddress

    init(parsing text: String) throws(MailError) {
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw MailError(.invalidMessage, "the sender contains a line break or another control character")
        }
        if let open = text.lastIndex(of: "<"), text.hasSuffix(">") {
            var name = text[..<open].trimmed(of: " \t")
            if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
                name = String(name.dropFirst().dropLast())
            }
            displayName = name
            let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
            address = try MailAddress(validating: String(inner), role: "sender")
        } else {
            displayName = ""
            address = try MailAddress(validating: text.trimmed(of: " \t"), role: "sender")
        }
    }

    /// The header field value: the name as an atom phrase, a quoted string, or an RFC 2047 encoded-word.
    var headerValue: String {
        guard !displayName.isEmpty else { return address.value }
        let atext = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~ ")
        let name: String
        if displayName.allSatisfy({ atext.contains($0) }) && !displayName.contains("=?") {
            name = displayName
        } else if displayName.unicodeScalars.allSatisfy({ $0.isASCII }) && !displayName.contains("=?") {
            name = "\"" + displayName.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        } else {
            let words = EncodedWord.encode(displayName, maximumWordLength: 76 - "From: ".count)
            return words.joined(separator: "\r\n ") + "\r\n <\(address.value)>"
        }
        return "\(name) <\(address.value)>"
    }
}

extension StringProtocol {
    /// The text without leading and trailing characters from `set`.
    fileprivate func trimmed(of set: String) -> String {
        let characters = Set(set)
        guard let first = firstIndex(where: { !characters.contains($0) }) else { return "" }
        let last = lastIndex(where: { !characters.contains($0) })!
        return String(self[first...last])
    }
}
