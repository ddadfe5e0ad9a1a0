import Foundation

extension JSONValue {
    /// Parses UTF-8 JSON text; nil when it is not JSON.
    public init?(parsing bytes: [UInt8]) {
        guard let value = try? JSONDecoder().decodeStrictly(JSONValue.self, from: bytes) else { return nil }
        self = value
    }

    /// The value as compact UTF-8 JSON text.
    public var serialized: [UInt8] {
        // Encoding a JSONValue cannot fail: every case maps to JSON (non-finite numbers become strings).
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN"
        )
        return (try? encoder.encode(self)).map(Array.init) ?? Array("null".utf8)
    }
}
