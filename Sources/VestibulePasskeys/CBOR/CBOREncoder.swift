/// Encodes the CBOR subset ``CBORDecoder`` reads, with definite lengths and shortest arguments: what the tests
/// build authenticator responses with, and the fuzz target's round trip.
public enum CBOREncoder {
    public static func encode(_ value: CBORValue) -> [UInt8] {
        switch value {
        case .unsigned(let n): head(0, n)
        case .negative(let n): head(1, n)
        case .bytes(let b): head(2, UInt64(b.count)) + b
        case .text(let t): head(3, UInt64(t.utf8.count)) + Array(t.utf8)
        case .array(let items): head(4, UInt64(items.count)) + items.flatMap(encode)
        case .map(let entries): head(5, UInt64(entries.count)) + entries.flatMap { encode($0.key) + encode($0.value) }
        case .bool(let b): [b ? 0xF5 : 0xF4]
        case .null: [0xF6]
        }
    }

    /// The CBOR integer for `value` (COSE labels and algorithms).
    public static func int(_ value: Int) -> CBORValue {
        value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(-1 - value))
    }

    private static func head(_ major: UInt8, _ argument: UInt64) -> [UInt8] {
        let type = major << 5
        switch argument {
        case ..<24: return [type | UInt8(argument)]
        case ..<0x100: return [type | 24, UInt8(argument)]
        case ..<0x10000: return [type | 25] + bigEndian(argument, 2)
        case ..<0x1_0000_0000: return [type | 26] + bigEndian(argument, 4)
        default: return [type | 27] + bigEndian(argument, 8)
        }
    }

    private static func bigEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
