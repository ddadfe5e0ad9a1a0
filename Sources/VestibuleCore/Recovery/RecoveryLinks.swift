public import Foundation
import VestibuleCrypto

/// One-time links that let a person who lost every way into their account add a new one: a passkey, or a new
/// password when the account has one. An operator has one mailed to the account's address from the console; the
/// operator never sees it.
///
/// A link only authorises adding a way in, never a session: the person then signs in with what they added, so
/// every session still begins with a real sign-in method. Opening a link changes nothing (mail scanners open
/// links); adding the way in uses it up and ends every session of the account, which may be the reason it was
/// lost. Only the newest link of an account works, for ``lifetime``; only its SHA-256 is kept.
public struct RecoveryLinks: Sendable {
    /// How long a link works: a day, for a person who reads their mail tomorrow.
    public static let lifetime: TimeInterval = 86_400
    /// Where a link leads; its secret is the `token` query parameter.
    public static let path = "/recover"

    private let store: any RecoveryLinkStore
    private let clock: @Sendable () -> Date

    public init(store: any RecoveryLinkStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    /// A new link's secret for `accountID`; earlier links of the account stop working.
    public func create(for accountID: AccountID) throws(StoreError) -> String {
        let token = SecureRandom.token(byteCount: 32)
        try store.replaceRecoveryLink(
            tokenHash: SHA2.sha256(token), accountID: accountID, expiresAt: clock().addingTimeInterval(Self.lifetime)
        )
        return token
    }

    /// The account `token` leads to while it works, without using it up.
    public func account(for token: String) throws(StoreError) -> AccountID? {
        try store.recoveryLinkAccount(tokenHash: SHA2.sha256(token), now: clock())
    }

    /// Uses `token` up and returns its account, or `nil` when it does not work (any more).
    public func redeem(_ token: String) throws(StoreError) -> AccountID? {
        try store.consumeRecoveryLink(tokenHash: SHA2.sha256(token), now: clock())
    }

    /// Deletes the links that expired. Returns how many.
    @discardableResult
    public func purgeExpired() throws(StoreError) -> Int {
        try store.deleteExpiredRecoveryLinks(now: clock())
    }
}
