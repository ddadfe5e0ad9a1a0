import VestibuleSQL

/// Values in libpq's text format, the one Vestibule sends parameters and receives results in.
extension SQLValue {
    /// The parameter's text, `nil` for SQL NULL.
    var postgresText: String? {
        switch self {
        case .null: nil
        case .integer(let integer): String(integer)
        case .text(let text): text
        // `bytea` as hex text (`\x…`), which the server decodes exactly, NULs included.
        case .blob(let bytes): String(decoding: [UInt8(ascii: "\\"), UInt8(ascii: "x")] + hex(bytes), as: UTF8.self)
        }
    }

    /// A result column's text read as its type (a `pg_type` OID): integers and `bytea` become their values,
    /// any other type stays text. `nil` when the text is not what the server sends for the type.
    init?(postgresText text: UnsafeBufferPointer<UInt8>, type: UInt32) {
        switch type {
        case 20, 21, 23:  // int8, int2, int4
            guard let integer = Int64(String(decoding: text, as: UTF8.self)) else { return nil }
            self = .integer(integer)
        case 17:  // bytea
            guard text.starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "x")]),
                let bytes = unhex(text.dropFirst(2))
            else { return nil }
            self = .blob(bytes)
        default:
            self = .text(String(decoding: text, as: UTF8.self))
        }
    }
}

private let digits = Array("0123456789abcdef".utf8)

private func hex(_ bytes: [UInt8]) -> [UInt8] {
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0F)])
    }
    return text
}

private func unhex(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> [UInt8]? {
    guard text.count.isMultiple(of: 2) else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count / 2)
    var index = text.startIndex
    while index < text.endIndex {
        guard let high = nibble(text[index]), let low = nibble(text[index + 1]) else { return nil }
        bytes.append(high << 4 | low)
        index += 2
    }
    return bytes
}

private func nibble(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
}
