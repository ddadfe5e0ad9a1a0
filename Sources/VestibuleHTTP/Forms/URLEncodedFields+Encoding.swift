extension URLEncodedFields {
    /// The fields in `application/x-www-form-urlencoded` syntax (`a=1&b=two+words`), the inverse of
    /// ``init(parsing:)``: what an outgoing form body or a redirect's query string carries.
    ///
    /// Follows the WHATWG URL Standard's serializer: ASCII letters, digits and `*-._` stay, a space becomes `+`,
    /// every other byte of the UTF-8 encoding becomes `%XX`.
    public var encoded: String {
        map { Self.escape($0.name) + "=" + Self.escape($0.value) }.joined(separator: "&")
    }

    private static func escape(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"):
                output.append(byte)
            case UInt8(ascii: " "):
                output.append(UInt8(ascii: "+"))
            default:
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
