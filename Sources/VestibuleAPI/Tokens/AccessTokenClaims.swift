/// The payload of an access token (RFC 9068's claims, `amr` from RFC 8176, `sid` from OpenID): what an API
/// reads once the signature, issuer, audience and times have been checked.
public struct AccessTokenClaims: Codable, Sendable, Equatable {
    /// Vestibule's origin (`https://id.example.com`).
    public let iss: String
    /// The account ID.
    public let sub: String
    /// The API the token is for; Vestibule's origin when the request named none.
    public let aud: String
    /// Seconds since 1970 when it was issued.
    public let iat: Int
    /// Seconds since 1970 from when it is no longer valid (``iat`` + 300).
    public let exp: Int
    /// Random, unique per token.
    public let jti: String
    /// `["apple"]`, `["passkey"]` or `["password"]`: how the session was signed in.
    public let amr: [String]
    /// Hex SHA-256 of the session's ID: tells sessions apart, never the session token.
    public let sid: String

    public init(iss: String, sub: String, aud: String, iat: Int, exp: Int, jti: String, amr: [String], sid: String) {
        self.iss = iss
        self.sub = sub
        self.aud = aud
        self.iat = iat
        self.exp = exp
        self.jti = jti
        self.amr = amr
        self.sid = sid
    }
}
