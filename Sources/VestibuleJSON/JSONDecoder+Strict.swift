public import Foundation

extension JSONDecoder {
    /// Decodes JSON that came from outside: all of `bytes` must be RFC 8259 JSON (``JSONSyntax``), not only the
    /// members `type` reads. Malformed text throws `DecodingError.dataCorrupted` at the top level, as `decode` does.
    public func decodeStrictly<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        guard JSONSyntax.isValid(bytes) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "not RFC 8259 JSON")
            )
        }
        return try decode(type, from: Data(bytes))
    }
}
