public import Foundation

/// A challenge issued for one passkey ceremony, kept until its answer arrives or it expires.
///
/// Only the challenge's SHA-256 is stored: the answer's client data carries the challenge itself, which is
/// how the ceremony is found again, and a copy of the table cannot answer a pending ceremony.
public struct PasskeyChallenge: Sendable, Equatable {
    /// What the ceremony is for, and so what its answer may do.
    public enum Purpose: String, Sendable, CaseIterable {
        /// Add a passkey to the signed-in account ``PasskeyChallenge/accountID``.
        case registration
        /// Create the account ``PasskeyChallenge/accountID`` with this passkey as its only method.
        case signUp = "sign-up"
        /// Sign in with any passkey of this relying party (discoverable credentials: no account named).
        case authentication
    }

    public let challengeHash: [UInt8]
    public let purpose: Purpose
    /// The account the passkey will belong to; `nil` for authentication.
    public let accountID: AccountID?
    /// The name a new account gets (sign-up only).
    public let displayName: String?
    public let expiresAt: Date

    public init(challengeHash: [UInt8], purpose: Purpose, accountID: AccountID?, displayName: String?, expiresAt: Date) {
        self.challengeHash = challengeHash
        self.purpose = purpose
        self.accountID = accountID
        self.displayName = displayName
        self.expiresAt = expiresAt
    }
}
