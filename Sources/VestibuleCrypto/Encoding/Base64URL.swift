/// Base64url without padding (RFC 4648 §5), as used by JOSE.
///
/// The decoder is strict: it rejects padding, whitespace, characters outside the URL-safe alphabet,
/// impossible lengths and non-zero trailing bits, so every byte string has exactly one accepted
/// encoding (a token cannot be altered without changing its bytes).
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The 6-bit value of each ASCII byte, or 0xFF for bytes outside the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// Encodes bytes as unpadded base64url.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let input = Array(bytes)
        var output = [UInt8]()
        output.reserveCapacity((input.count * 4 + 2) / 3)
        var index = 0
        while index < input.count {
            let remaining = input.count - index
            let b0 = UInt32(input[index])
            let b1 = remaining > 1 ? UInt32(input[index + 1]) : 0
            let b2 = remaining > 2 ? UInt32(input[index + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            // 1, 2 or 3 input bytes give 2, 3 or 4 characters.
            for shift in [18, 12, 6, 0].prefix(min(remaining, 3) + 1) {
                output.append(alphabet[Int(group >> UInt32(shift) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes strict unpadded base64url.
    /// - Throws: ``CryptoError/Code/invalidEncoding`` for anything but the canonical encoding.
    public static func decode(_ text: String) throws(CryptoError) -> [UInt8] {
        try decode(utf8: text.utf8)
    }

    /// Decodes strict unpadded base64url from its ASCII bytes, without building a `String` first.
    public static func decode(utf8 input: some Collection<UInt8>) throws(CryptoError) -> [UInt8] {
        guard input.count % 4 != 1 else { throw CryptoError(.invalidEncoding, "base64url length is impossible") }
        guard let (output, leftover) = decodeSextets(input) else {
            throw CryptoError(.invalidEncoding, "not a base64url character")
        }
        // Leftover bits must be zero, or two encodings would decode to the same bytes.
        guard leftover == 0 else { throw CryptoError(.invalidEncoding, "base64url has non-zero trailing bits") }
        return output
    }

    /// Decodes base64url as clients sometimes write it: `=` padding accepted, non-zero trailing bits ignored.
    /// Only for values whose decoded bytes are then compared (a WebAuthn challenge), never for signed data.
    public static func decodeLeniently(_ text: String) -> [UInt8]? {
        var input = Array(text.utf8)
        var padding = 0
        while input.last == UInt8(ascii: "="), padding < 2 {
            input.removeLast()
            padding += 1
        }
        guard input.count % 4 != 1, padding == 0 || (input.count + padding) % 4 == 0 else { return nil }
        return decodeSextets(input)?.bytes
    }

    /// The bytes of `input`'s 6-bit groups and the bits left over at the end; nil for a byte outside the alphabet.
    private static func decodeSextets(_ input: some Collection<UInt8>) -> (bytes: [UInt8], leftover: UInt32)? {
        var output = [UInt8]()
        output.reserveCapacity(input.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in input {
            let value = values[Int(byte)]
            guard value != 0xFF else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        return (output, accumulator)
    }
}
