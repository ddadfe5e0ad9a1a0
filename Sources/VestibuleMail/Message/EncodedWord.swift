import Foundation

/// RFC 2047 encoded-words (`=?UTF-8?B?…?=`): how non-ASCII text goes into a header field.
enum EncodedWord {
    /// The longest encoded-word RFC 2047 allows.
    static let maximumLength = 75
    private static let prefix = "=?UTF-8?B?"
    private static let suffix = "?="

    /// Encodes `text` as one or more encoded-words, each at most `maximumWordLength` (≤ 75) characters and
    /// each holding whole Unicode scalars, so a reader that decodes word by word never sees half a character.
    /// Join them with folding whitespace (`CRLF SP`); readers ignore whitespace between adjacent encoded-words.
    /// Pass a shorter length when the first word shares its line with a field name, so that line stays
    /// within 76 characters too.
    static func encode(_ text: String, maximumWordLength: Int = maximumLength) -> [String] {
        // 75 - 12 characters of markup leave 63 for base64, i.e. 15 groups of 4 characters = 45 bytes.
        let base64Length = min(maximumWordLength, maximumLength) - prefix.count - suffix.count
        let maximumBytes = max(1, base64Length / 4) * 3
        var words: [String] = []
        var chunk: [UInt8] = []
        for scalar in text.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if chunk.count + bytes.count > maximumBytes {
                words.append(word(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append(word(chunk)) }
        return words
    }

    private static func word(_ bytes: [UInt8]) -> String {
        prefix + Data(bytes).base64EncodedString() + suffix
    }

    /// Decodes a header field value: encoded-words (B or Q, UTF-8 or ASCII) become text, whitespace between
    /// two adjacent encoded-words disappears, everything else is kept as it is.
    static func decode(_ value: String) -> String {
        var result = ""
        var previousWasEncoded = false
        var rest = Substring(value)
        while !rest.isEmpty {
            let space = rest.prefix { $0 == " " || $0 == "\t" }
            rest = rest.dropFirst(space.count)
            guard !rest.isEmpty else {
                result += space
                break
            }
            let token = rest.prefix { $0 != " " && $0 != "\t" }
            rest = rest.dropFirst(token.count)
            if let decoded = decodeWord(token) {
                if !previousWasEncoded { result += space }
                result += decoded
                previousWasEncoded = true
            } else {
                result += space + token
                previousWasEncoded = false
            }
        }
        return result
    }

    private static func decodeWord(_ token: Substring) -> String? {
        guard token.hasPrefix("=?"), token.hasSuffix("?="), token.count >= 8 else { return nil }
        let parts = token.dropFirst(2).dropLast(2).split(separator: "?", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        let charset = parts[0].lowercased().split(separator: "*").first ?? ""
        guard charset == "utf-8" || charset == "us-ascii" else { return nil }
        let bytes: [UInt8]?
        switch parts[1].uppercased() {
        case "B": bytes = Data(base64Encoded: String(parts[2])).map { Array($0) }
        case "Q": bytes = QuotedPrintable.decodeBytes(parts[2].replacing("_", with: " "))
        default: bytes = nil
        }
        return bytes.map { String(decoding: $0, as: UTF8.self) }
    }
}
