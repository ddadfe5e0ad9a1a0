/// A character reference in HTML text (`&amp;`, `&#39;`, `&#x3042;`), read as the character it stands for.
enum CharacterReference {
    /// The named references escaping writes, and the no-break space.
    static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    ]

    /// The reference starting at the `&` at `index`, and the index just past its `;`; nil when the `&` starts
    /// none. A name this table does not know reads as U+FFFC, a character no model weighs.
    static func read(_ text: ArraySlice<Unicode.Scalar>, at index: Int) -> (scalar: Unicode.Scalar, end: Int)? {
        var name = ""
        var at = index + 1
        while at < text.endIndex, at - index <= 32 {
            let character = text[at]
            if character == ";" {
                guard let read = scalar(named: name) else { return nil }
                return (read, at + 1)
            }
            guard character.isASCII,
                  character.properties.isAlphabetic || character.properties.numericType != nil || character == "#"
            else { return nil }
            name.unicodeScalars.append(character)
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
