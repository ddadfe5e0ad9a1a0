public import Foundation

/// One call of `/auth/revoke` by an authenticated client, recorded for tests.
public struct Revocation: Sendable, Equatable {
    /// What the revoked token turned out to be.
    public enum TokenKind: Sendable, Equatable {
        case refreshToken
        case accessToken
        /// Not a token the emulator issued to this client (Apple answers 200 all the same).
        case unknown
    }

    public let clientID: String
    public let kind: TokenKind
    /// `token_type_hint` as sent, if it was.
    public let tokenTypeHint: String?
    /// The `sub` whose authorization ended; nil for an unknown token.
    public let subject: String?
    public let date: Date
}
