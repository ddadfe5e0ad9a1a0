import Foundation
import VestibuleJSON

extension Request {
    /// The fields of an `application/x-www-form-urlencoded` body.
    ///
    /// Throws 415 for another content type and 400 for a malformed body.
    public func form() throws(HTTPError) -> FormFields {
        try requireContentType("application/x-www-form-urlencoded")
        return try FormFields(parsing: body)
    }

    /// Decodes an `application/json` body.
    ///
    /// Throws 415 for another content type and 400 with a client-safe explanation for malformed JSON or a
    /// shape that does not match `type`.
    public func decodeJSON<T: Decodable>(_ type: T.Type) throws(HTTPError) -> T {
        try requireContentType("application/json")
        do {
            return try JSONDecoder().decodeStrictly(type, from: body)
        } catch let error as DecodingError {
            throw HTTPError(.badRequest, Self.explanation(of: error))
        } catch {
            throw HTTPError(.badRequest, "The request body is not valid JSON.")
        }
    }

    /// Compares the media type (before any `;` parameters) case-insensitively.
    private func requireContentType(_ expected: String) throws(HTTPError) {
        let mediaType = headers["Content-Type"]?.split(separator: ";", maxSplits: 1).first
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard HTTPHeaders.namesMatch(mediaType, expected) else {
            throw HTTPError(.unsupportedMediaType, "The request body must be \(expected).")
        }
    }

    /// Names the offending field path, never echoes values from the body.
    private static func explanation(of error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return keys.isEmpty ? "the top level" : "'\(keys.joined(separator: "."))'"
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "The request body is not valid JSON."
        case .dataCorrupted(let context):
            return "The JSON value at \(path(context)) is invalid."
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : " in \(path(context))"
            return "The JSON body is missing the field '\(key.stringValue)'\(parent)."
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "The JSON value at \(path(context)) has the wrong type."
        @unknown default:
            return "The request body is not valid JSON."
        }
    }
}
