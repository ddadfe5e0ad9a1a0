public import Foundation
public import VestibuleCore
public import VestibuleCrypto

/// Account deletion that revokes Sign in with Apple (App Store guideline 5.1.1(v), Apple TN3194).
///
/// The account is deleted and its refresh tokens queued in one transaction, so deletion never depends on
/// Apple being reachable; the queue is then worked at once and again by the janitor, with growing pauses,
/// until Apple accepts each revocation.
public struct AppleRevocations: Sendable {
    private let store: any Store
    private let server: AppleServer
    private let secretBox: SecretBox
    private let clock: @Sendable () -> Date

    public init(store: any Store, server: AppleServer, secretBox: SecretBox, clock: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.server = server
        self.secretBox = secretBox
        self.clock = clock
    }

    /// Deletes the account with every row about it, queues revocation of its Apple tokens, and tries them.
    public func deleteAccount(_ accountID: AccountID) throws {
        let now = clock()
        let revocations = try store.appleIdentities(of: accountID).compactMap { record in
            record.sealedRefreshToken.map {
                AppleRevocation(clientID: record.clientID, sealedToken: $0, nextAttemptAt: now, createdAt: now)
            }
        }
        try store.deleteAccount(id: accountID, queueing: revocations)
        if !revocations.isEmpty { _ = try processDue() }
    }

    /// Sends every due revocation. Returns how many Apple accepted and how many wait for another try.
    @discardableResult
    public func processDue(limit: Int = 50) throws -> (revoked: Int, postponed: Int) {
        var revoked = 0
        var postponed = 0
        for revocation in try store.dueAppleRevocations(at: clock(), limit: limit) {
            do {
                let token = String(decoding: try secretBox.open(revocation.sealedToken), as: UTF8.self)
                try server.revoke(refreshToken: token, clientID: revocation.clientID)
                try store.finishAppleRevocation(id: revocation.id)
                revoked += 1
            } catch let error as AppleError where error.code == .unreachable || error.code == .rejectedByApple {
                try store.postponeAppleRevocation(id: revocation.id, until: clock().addingTimeInterval(Self.pause(after: revocation.attempts)))
                postponed += 1
            }
        }
        return (revoked, postponed)
    }

    /// One minute after the first failure, doubling up to six hours.
    public static func pause(after attempts: Int) -> TimeInterval {
        min(60 * pow(2, Double(min(attempts, 16))), 6 * 3600)
    }
}
