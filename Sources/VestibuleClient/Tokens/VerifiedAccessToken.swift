public import Foundation
public import VestibuleAPI

/// An access token that ``AccessTokenVerifier`` accepted: whose it is, for what, and until when.
public struct VerifiedAccessToken: Sendable, Equatable {
    /// Every claim as Vestibule signed it.
    public let claims: AccessTokenClaims

    /// The account ID (`sub`).
    public var accountID: String { claims.sub }
    /// How the session was signed in (`amr`): `apple`, `passkey` or `password`.
    public var methods: [String] { claims.amr }
    /// The session, as the hex SHA-256 of its ID (`sid`): tells sessions apart, reveals none.
    public var sessionHash: String { claims.sid }
    public var expiresAt: Date { Date(timeIntervalSince1970: TimeInterval(claims.exp)) }
}
