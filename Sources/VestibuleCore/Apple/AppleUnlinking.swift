import Foundation

/// What unlinking an Apple identity did (``AppleStore/unlinkAppleIdentity(subject:of:queueingRevocationAt:)``).
public struct AppleUnlinking: Sendable, Equatable {
    public let removal: SignInMethodRemoval
    /// The Apple record removed; only with ``SignInMethodRemoval/deleted``.
    public let record: AppleIdentityRecord?
    /// The revocation of the record's refresh token, queued in the same transaction as the unlinking: when one
    /// was asked for and the record held a token.
    public let revocation: AppleRevocation?

    public init(removal: SignInMethodRemoval, record: AppleIdentityRecord? = nil, revocation: AppleRevocation? = nil) {
        self.removal = removal
        self.record = record
        self.revocation = revocation
    }
}
