/// Base64url as clients write challenges: `=` padding is accepted and non-zero trailing bits are
/// ignored (some test suites use plain strings such as UUIDs as challenges).
///
/// Leniency is safe here: the decoded bytes are what is compared, so a non-canonical spelling of
/// the right challenge still proves the client saw it, and every other spelling decodes to other bytes.
enum Base64URLLenient {
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    static func decode(_ text: String) -> [UInt8]? {
        var input = Array(text.utf8)
        var padding = 0
        while input.last == UInt8(ascii: "="), padding < 2 {
            input.removeLast()
            padding += 1
        }
        guard input.count % 4 != 1, padding == 0 || (input.count + padding) % 4 == 0 else { return nil }
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
        return output
    }
}
