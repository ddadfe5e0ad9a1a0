/// A strict decoder for the CBOR subset WebAuthn uses.
///
/// Accepts integers, byte and text strings, arrays, maps and the simple values false, true and null,
/// all with definite lengths. Rejects indefinite lengths, tags, floats, other simple values, duplicate
/// map keys, invalid UTF-8, nesting deeper than ``maximumDepth``, inputs over ``maximumLength`` and
/// truncated input. Map keys need not be in canonical order.
public struct CBORDecoder: Sendable {
    /// The largest input accepted, in bytes.
    public var maximumLength: Int
    /// The deepest nesting of arrays and maps accepted.
    public var maximumDepth: Int

    public init(maximumLength: Int = 64 * 1024, maximumDepth: Int = 16) {
        self.maximumLength = maximumLength
        self.maximumDepth = maximumDepth
    }

    /// Decodes exactly one data item that fills `bytes`; trailing bytes are an error.
    public func decode(_ bytes: [UInt8]) throws(PasskeyError) -> CBORValue {
        let (value, end) = try decodePrefix(bytes)
        guard end == bytes.count else { throw PasskeyError(.malformed, "CBOR has trailing bytes") }
        return value
    }

    /// Decodes the data item at the start of `bytes` and returns it with the offset just past it.
    ///
    /// Authenticator data embeds a COSE key followed by optional extensions, so its parser needs the end.
    public func decodePrefix(_ bytes: [UInt8], from start: Int = 0) throws(PasskeyError) -> (CBORValue, Int) {
        guard bytes.count <= maximumLength else { throw PasskeyError(.malformed, "CBOR input is too large") }
        var reader = Reader(bytes: bytes, offset: start, maximumDepth: maximumDepth)
        let value = try reader.item(depth: 0)
        return (value, reader.offset)
    }
}

private struct Reader {
    let bytes: [UInt8]
    var offset: Int
    let maximumDepth: Int

    mutating func byte() throws(PasskeyError) -> UInt8 {
        guard offset < bytes.count else { throw PasskeyError(.malformed, "CBOR is truncated") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func take(_ count: UInt64) throws(PasskeyError) -> ArraySlice<UInt8> {
        guard count <= UInt64(bytes.count - offset) else { throw PasskeyError(.malformed, "CBOR is truncated") }
        let end = offset + Int(count)
        defer { offset = end }
        return bytes[offset..<end]
    }

    /// The argument of an initial byte (RFC 8949 §3); `additional` 31 (indefinite) is rejected.
    mutating func argument(_ additional: UInt8) throws(PasskeyError) -> UInt64 {
        switch additional {
        case 0...23: return UInt64(additional)
        case 24...27:
            var value: UInt64 = 0
            for byte in try take(1 << UInt64(additional - 24)) { value = value << 8 | UInt64(byte) }
            return value
        case 31: throw PasskeyError(.malformed, "CBOR indefinite lengths are not accepted")
        default: throw PasskeyError(.malformed, "CBOR reserved additional information")
        }
    }

    mutating func item(depth: Int) throws(PasskeyError) -> CBORValue {
        guard depth <= maximumDepth else { throw PasskeyError(.malformed, "CBOR nesting is too deep") }
        let initial = try byte()
        let major = initial >> 5
        let additional = initial & 0x1F
        switch major {
        case 0: return .unsigned(try argument(additional))
        case 1: return .negative(try argument(additional))
        case 2: return .bytes(Array(try take(try argument(additional))))
        case 3:
            let raw = try take(try argument(additional))
            guard let text = String(validating: raw, as: UTF8.self) else {
                throw PasskeyError(.malformed, "CBOR text string is not UTF-8")
            }
            return .text(text)
        case 4:
            let count = try argument(additional)
            // Every item takes at least one byte, so a larger count is truncated input (and no huge reserve).
            guard count <= UInt64(bytes.count - offset) else { throw PasskeyError(.malformed, "CBOR is truncated") }
            var items = [CBORValue]()
            items.reserveCapacity(Int(count))
            for _ in 0..<count { items.append(try item(depth: depth + 1)) }
            return .array(items)
        case 5:
            let count = try argument(additional)
            guard count <= UInt64(bytes.count - offset) / 2 else { throw PasskeyError(.malformed, "CBOR is truncated") }
            var entries = [(key: CBORValue, value: CBORValue)]()
            var keys = Set<CBORValue>()
            for _ in 0..<count {
                let key = try item(depth: depth + 1)
                guard keys.insert(key).inserted else { throw PasskeyError(.malformed, "CBOR map has a duplicate key") }
                entries.append((key, try item(depth: depth + 1)))
            }
            return .map(entries)
        case 6: throw PasskeyError(.malformed, "CBOR tags are not accepted")
        default:
            switch additional {
            case 20: return .bool(false)
            case 21: return .bool(true)
            case 22: return .null
            default: throw PasskeyError(.malformed, "CBOR float or simple value is not accepted")
            }
        }
    }
}
