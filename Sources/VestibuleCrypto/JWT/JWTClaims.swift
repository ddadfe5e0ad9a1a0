public import Foundation
public import VestibuleJSON

/// The claims of a verified JWT (RFC 7519 §4): the registered ones typed, every one readable.
public struct JWTClaims: Sendable {
    /// The verified token's header.
    public let header: JWSHeader
    /// `iss`: who issued the token.
    public let iss: String?
    /// `sub`: whom the token is about.
    public let sub: String?
    /// `aud`: the intended audiences; a single string in the token becomes one element.
    public let aud: [String]
    /// `exp`: the token is not valid from this time on.
    public let exp: Date
    /// `iat`: when the token was issued.
    public let iat: Date?
    /// `nbf`: the token is not valid before this time.
    public let nbf: Date?
    /// `nonce` (OpenID Connect): binds an ID token to an authentication request.
    public let nonce: String?
    /// Every claim, including the ones above.
    public let all: [String: JSONValue]
    private let payload: [UInt8]

    /// Parses `payload`, which must be a JSON object whose registered claims have their RFC types.
    init(header: JWSHeader, payload: [UInt8]) throws(JWSError) {
        let object: [String: JSONValue]
        do {
            object = try JSONDecoder().decodeStrictly([String: JSONValue].self, from: payload)
        } catch {
            throw JWSError(.malformed, "claims are not a JSON object")
        }
        guard let exp = try Self.date(object, "exp") else { throw JWSError(.missingClaim, "exp is absent") }
        self.header = header
        self.payload = payload
        self.all = object
        self.exp = exp
        self.iat = try Self.date(object, "iat")
        self.nbf = try Self.date(object, "nbf")
        self.iss = try Self.string(object, "iss")
        self.sub = try Self.string(object, "sub")
        self.nonce = try Self.string(object, "nonce")
        switch object["aud"] {
        case nil: aud = []
        case .string(let single): aud = [single]
        case .array(let values):
            let strings = values.compactMap(\.stringValue)
            guard strings.count == values.count else { throw JWSError(.malformed, "aud has a non-string element") }
            aud = strings
        default: throw JWSError(.malformed, "aud is neither a string nor an array")
        }
    }

    /// The claim named `name`, if present.
    public subscript(name: String) -> JSONValue? { all[name] }

    /// Decodes the whole claims object into an application type.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws(JWSError) -> T {
        do {
            return try JSONDecoder().decodeStrictly(type, from: payload)
        } catch {
            throw JWSError(.malformed, "claims do not decode as \(T.self)")
        }
    }

    private static func date(_ object: [String: JSONValue], _ name: String) throws(JWSError) -> Date? {
        guard let value = object[name] else { return nil }
        guard let seconds = value.doubleValue, seconds.isFinite else {
            throw JWSError(.malformed, "\(name) is not a number")
        }
        return Date(timeIntervalSince1970: seconds)
    }

    private static func string(_ object: [String: JSONValue], _ name: String) throws(JWSError) -> String? {
        guard let value = object[name] else { return nil }
        guard let string = value.stringValue else { throw JWSError(.malformed, "\(name) is not a string") }
        return string
    }
}
