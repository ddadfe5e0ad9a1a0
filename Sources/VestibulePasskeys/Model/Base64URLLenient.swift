internal import VestibuleCrypto

/// Base64url that also accepts `=` padding, which some clients add to the challenge.
enum Base64URLLenient {
    static func decode(_ text: String) -> [UInt8]? {
        var utf8 = Array(text.utf8)
        var padding = 0
        while utf8.last == UInt8(ascii: "="), padding < 2 {
            utf8.removeLast()
            padding += 1
        }
        if padding > 0, (utf8.count + padding) % 4 != 0 { return nil }
        return try? Base64URL.decode(utf8: utf8)
    }
}
