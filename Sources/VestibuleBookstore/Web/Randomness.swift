/// Random values for the bookstore's own secrets: the forms' anti-forgery key, visitor IDs, order IDs.
///
/// From the standard library's `SystemRandomNumberGenerator`, which is cryptographically secure on every platform
/// Swift runs on (`getrandom` on Linux, `arc4random_buf` on Apple's): the bookstore needs no crypto library of
/// its own for them.
enum Randomness {
    static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// `byteCount` random bytes as lower-case hexadecimal digits: safe in a cookie, a path or a document name.
    static func hex(byteCount: Int) -> String {
        bytes(byteCount).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
