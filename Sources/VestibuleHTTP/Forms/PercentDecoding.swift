/// Strict percent-decoding (RFC 3986): every `%` must start a two-digit hex escape, the decoded bytes must be
/// valid UTF-8, and NUL is refused because it truncates strings in C libraries (SQLite, logs) further down.
enum PercentDecoding {
    /// Decodes `bytes`; `plusIsSpace` applies the `application/x-www-form-urlencoded` rule.
    static func decode(_ bytes: some Collection<UInt8>, plusIsSpace: Bool) throws(HTTPError) -> String {
        // Fast path: nothing to decode (the common case for paths and names).
        if !bytes.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) {
            return try validated(bytes)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            bytes.formIndex(after: &index)
            switch byte {
            case UInt8(ascii: "%"):
                guard index != bytes.endIndex, let high = hexValue(bytes[index]) else { throw malformed }
                bytes.formIndex(after: &index)
                guard index != bytes.endIndex, let low = hexValue(bytes[index]) else { throw malformed }
                bytes.formIndex(after: &index)
                output.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                output.append(UInt8(ascii: " "))
            default:
                output.append(byte)
            }
        }
        return try validated(output)
    }

    private static func validated(_ bytes: some Collection<UInt8>) throws(HTTPError) -> String {
        guard !bytes.contains(0), let string = String(validating: bytes, as: UTF8.self) else {
            throw HTTPError(.badRequest, "The request contains invalid characters (NUL or invalid UTF-8).")
        }
        return string
    }

    private static var malformed: HTTPError {
        HTTPError(.badRequest, "The request contains a malformed percent-encoding.")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
