/// The reply of `POST /api/v1/token`, shaped like an OAuth 2.0 token response (RFC 6749 §5.1).
public struct AccessTokenReply: Codable, Sendable, Equatable {
    /// A JWT (`typ: at+jwt`, ES256) whose claims are ``AccessTokenClaims``.
    public let accessToken: String
    /// Always `Bearer`.
    public var tokenType = "Bearer"
    /// Seconds until `exp`.
    public let expiresIn: Int

    public init(accessToken: String, expiresIn: Int) {
        self.accessToken = accessToken
        self.expiresIn = expiresIn
    }
}
