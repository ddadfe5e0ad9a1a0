/// A character reference in HTML text (`&amp;`, `&#39;`, `&#x3042;`), read as the character it stands for.
enum CharacterReference {
    /// The named references escaping writes, and the no-break space.
    static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    ]

    /// The reference starting at the `&` at `index` of UTF-8 `text`, and the index just past its `;`; nil when
    /// the `&` starts none. A name this table does not know reads as U+FFFC, a character no model weighs.
    static func read(_ text: ArraySlice<UInt8>, at index: Int) -> (scalar: Unicode.Scalar, end: Int)? {
        var at = index + 1
        while at < text.endIndex, at - index <= 32 {
            let byte = text[at]
            if byte == UInt8(ascii: ";") {
                guard let read = scalar(named: String(decoding: text[(index + 1)..<at], as: UTF8.self)) else {
                    return nil
                }
                return (read, at + 1)
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z"))
                .contains(byte | 0x20) || byte == UInt8(ascii: "#")
            else { return nil }
            at += 1
        }
        return nil
    }

    private static func scalar(named name: String) -> Unicode.Scalar? {
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        }
        if name.hasPrefix("#") {
            return UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
        }
        guard !name.isEmpty else { return nil }
        return named[name] ?? "\u{FFFC}"
    }
}
