/// Why the token endpoint refuses a grant, as OAuth 2.0 (RFC 6749 5.2) names it.
public enum OpenIDGrantError: Error, Sendable, Equatable {
    /// The code or refresh token is unknown, used, expired, revoked, another client's, or its PKCE verifier or
    /// redirect URI does not match (`invalid_grant`).
    case invalidGrant(String)
}
