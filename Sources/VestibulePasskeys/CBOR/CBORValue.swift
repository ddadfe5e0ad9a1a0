/// A decoded CBOR data item (RFC 8949), limited to what WebAuthn uses.
public enum CBORValue: Sendable, Hashable {
    /// Major type 0: an unsigned integer.
    case unsigned(UInt64)
    /// Major type 1: the integer `-1 - n`, stored as `n`.
    case negative(UInt64)
    /// Major type 2.
    case bytes([UInt8])
    /// Major type 3, valid UTF-8.
    case text(String)
    /// Major type 4.
    case array([CBORValue])
    /// Major type 5, in encoded order; keys are unique.
    case map([(key: CBORValue, value: CBORValue)])
    /// Simple values 20 and 21.
    case bool(Bool)
    /// Simple value 22.
    case null

    /// The value as a Swift `Int`, when it is an integer that fits.
    public var intValue: Int? {
        switch self {
        case .unsigned(let n): n <= UInt64(Int.max) ? Int(n) : nil
        case .negative(let n): n <= UInt64(Int.max) ? -1 - Int(n) : nil
        default: nil
        }
    }

    /// The bytes of a byte string.
    public var bytesValue: [UInt8]? {
        if case .bytes(let bytes) = self { bytes } else { nil }
    }

    /// The string of a text string.
    public var textValue: String? {
        if case .text(let text) = self { text } else { nil }
    }

    /// The value for `key` in a map, or nil if this is not a map or the key is absent.
    public subscript(key: CBORValue) -> CBORValue? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The value for a text key in a map.
    public subscript(text key: String) -> CBORValue? { self[.text(key)] }

    /// The value for an integer key in a map (COSE labels).
    public subscript(int key: Int) -> CBORValue? {
        self[key >= 0 ? .unsigned(UInt64(key)) : .negative(UInt64(-1 - key))]
    }

    public static func == (lhs: CBORValue, rhs: CBORValue) -> Bool {
        switch (lhs, rhs) {
        case (.unsigned(let a), .unsigned(let b)), (.negative(let a), .negative(let b)): a == b
        case (.bytes(let a), .bytes(let b)): a == b
        case (.text(let a), .text(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.map(let a), .map(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .unsigned(let n): hasher.combine(0); hasher.combine(n)
        case .negative(let n): hasher.combine(1); hasher.combine(n)
        case .bytes(let b): hasher.combine(2); hasher.combine(b)
        case .text(let t): hasher.combine(3); hasher.combine(t)
        case .array(let a): hasher.combine(4); hasher.combine(a)
        case .map(let m):
            hasher.combine(5)
            for entry in m { hasher.combine(entry.key); hasher.combine(entry.value) }
        case .bool(let b): hasher.combine(6); hasher.combine(b)
        case .null: hasher.combine(7)
        }
    }
}
