public import Foundation
public import VestibuleCore
public import VestibuleCrypto

/// Account deletion and unlinking that revoke Sign in with Apple (App Store guideline 5.1.1(v), Apple TN3194).
///
/// Each Apple token is revoked first; any that Apple does not accept (unreachable, refusing) is queued in the
/// transaction that deletes the account, so deletion never depends on Apple, and the janitor works the queue
/// with growing pauses until Apple accepts each revocation.
public struct AppleRevocations: Sendable {
    private let store: any AppleStore
    private let server: AppleServer
    private let secretBox: SecretBox
    private let clock: @Sendable () -> Date

    public init(store: any AppleStore, server: AppleServer, secretBox: SecretBox, clock: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.server = server
        self.secretBox = secretBox
        self.clock = clock
    }

    /// Revokes the account's Apple tokens, then deletes the account with every row about it, queueing the
    /// revocations that did not go through.
    public func deleteAccount(_ accountID: AccountID) throws {
        let now = clock()
        var unrevoked: [AppleRevocation] = []
        for record in try store.appleIdentities(of: accountID) {
            guard let sealed = record.sealedRefreshToken else { continue }
            do {
                try revoke(sealed, clientID: record.clientID)
            } catch let error as AppleError where error.code == .unreachable || error.code == .rejectedByApple {
                unrevoked.append(
                    AppleRevocation(
                        clientID: record.clientID, sealedToken: sealed, attempts: 1,
                        nextAttemptAt: now.addingTimeInterval(Self.pause(after: 0)), createdAt: now
                    )
                )
            }
        }
        try store.deleteAccount(id: accountID, queueing: unrevoked)
    }

    /// Unlinks the account's Apple identity (unless it is the last way in) and revokes its token: the person let
    /// go of Apple here, so the token Vestibule held goes too. The revocation is queued with the unlinking and
    /// sent at once; when Apple does not accept it now, the janitor tries again later.
    public func unlink(subject: String, of accountID: AccountID) throws -> SignInMethodRemoval {
        let unlinking = try store.unlinkAppleIdentity(subject: subject, of: accountID, queueingRevocationAt: clock())
        if let revocation = unlinking.revocation { try attempt(revocation) }
        return unlinking.removal
    }

    /// Sends every due revocation. Returns how many Apple accepted and how many wait for another try.
    @discardableResult
    public func processDue(limit: Int = 50) throws -> (revoked: Int, postponed: Int) {
        var revoked = 0
        var postponed = 0
        for revocation in try store.dueAppleRevocations(at: clock(), limit: limit) {
            if try attempt(revocation) { revoked += 1 } else { postponed += 1 }
        }
        return (revoked, postponed)
    }

    /// Sends one queued revocation: it leaves the queue once Apple accepts it, and waits for another try when
    /// Apple cannot be reached or refuses. Returns whether Apple accepted it.
    @discardableResult
    private func attempt(_ revocation: AppleRevocation) throws -> Bool {
        do {
            try revoke(revocation.sealedToken, clientID: revocation.clientID)
            try store.finishAppleRevocation(id: revocation.id)
            return true
        } catch let error as AppleError where error.code == .unreachable || error.code == .rejectedByApple {
            try store.postponeAppleRevocation(
                id: revocation.id, until: clock().addingTimeInterval(Self.pause(after: revocation.attempts))
            )
            return false
        }
    }

    private func revoke(_ sealedToken: [UInt8], clientID: String) throws {
        let token = String(decoding: try secretBox.open(sealedToken), as: UTF8.self)
        try server.revoke(refreshToken: token, clientID: clientID)
    }

    /// One minute after the first failure, doubling up to six hours.
    public static func pause(after attempts: Int) -> TimeInterval {
        min(60 * pow(2, Double(min(attempts, 16))), 6 * 3600)
    }
}
