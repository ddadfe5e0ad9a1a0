/// Conversions between DER `ECDSA-Sig-Value` (what WebAuthn authenticators send) and raw `R ‖ S`
/// (what JOSE, and so ``VestibuleCrypto/PublicKey``, expects).
public enum DERSignature {
    /// `R ‖ S`, each left-padded to `coordinateSize`, from a strict DER `SEQUENCE { INTEGER r, INTEGER s }`;
    /// nil for anything else (BER lengths, negative or oversized integers, trailing bytes).
    public static func raw(fromDER der: [UInt8], coordinateSize: Int) -> [UInt8]? {
        var offset = 0
        guard let body = element(der, &offset, tag: 0x30), offset == der.count else { return nil }
        var inner = 0
        let sequence = Array(der[body])
        guard let r = element(sequence, &inner, tag: 0x02), let s = element(sequence, &inner, tag: 0x02),
              inner == sequence.count,
              let rBytes = unsigned(sequence[r], size: coordinateSize),
              let sBytes = unsigned(sequence[s], size: coordinateSize)
        else { return nil }
        return rBytes + sBytes
    }

    /// The DER encoding of raw `R ‖ S` (even length), for building test data and interoperating.
    public static func der(fromRaw raw: [UInt8]) -> [UInt8]? {
        guard !raw.isEmpty, raw.count % 2 == 0 else { return nil }
        let half = raw.count / 2
        func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var value = Array(bytes.drop { $0 == 0 })
            if value.isEmpty || value[0] & 0x80 != 0 { value.insert(0, at: 0) }
            return [0x02] + length(value.count) + value
        }
        let body = integer(raw[..<half]) + integer(raw[half...])
        return [0x30] + length(body.count) + body
    }

    private static func length(_ count: Int) -> [UInt8] {
        count < 0x80 ? [UInt8(count)] : [0x81, UInt8(count)]
    }

    /// The content range of a DER element with `tag` at `offset` (short or one-byte long form lengths).
    private static func element(_ bytes: [UInt8], _ offset: inout Int, tag: UInt8) -> Range<Int>? {
        guard offset + 2 <= bytes.count, bytes[offset] == tag else { return nil }
        var length = Int(bytes[offset + 1])
        var start = offset + 2
        if length == 0x81 {
            guard start < bytes.count, bytes[start] >= 0x80 else { return nil }
            length = Int(bytes[start])
            start += 1
        } else if length > 0x80 {
            return nil
        }
        guard length <= bytes.count - start else { return nil }
        offset = start + length
        return start..<(start + length)
    }

    /// A positive minimal DER INTEGER as `size` big-endian bytes.
    private static func unsigned(_ content: ArraySlice<UInt8>, size: Int) -> [UInt8]? {
        guard let first = content.first, first & 0x80 == 0 else { return nil }
        if first == 0, content.count > 1, content[content.startIndex + 1] & 0x80 == 0 { return nil }
        let magnitude = content.drop { $0 == 0 }
        guard !magnitude.isEmpty, magnitude.count <= size else { return nil }
        return [UInt8](repeating: 0, count: size - magnitude.count) + magnitude
    }
}
