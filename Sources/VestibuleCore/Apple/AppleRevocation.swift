public import Foundation

/// A token to revoke at Apple (`/auth/revoke`), queued in the same transaction that deletes its account, so
/// the deletion never waits on Apple and the revocation still happens when Apple is unreachable for a while.
public struct AppleRevocation: Sendable, Equatable {
    public let id: String
    public let clientID: String
    /// The refresh token, sealed with the operator's secret keys.
    public let sealedToken: [UInt8]
    public var attempts: Int
    public var nextAttemptAt: Date
    public let createdAt: Date

    public init(
        id: String = UUID().uuidString.lowercased(), clientID: String, sealedToken: [UInt8], attempts: Int = 0,
        nextAttemptAt: Date, createdAt: Date
    ) {
        self.id = id
        self.clientID = clientID
        self.sealedToken = sealedToken
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.createdAt = createdAt
    }
}
