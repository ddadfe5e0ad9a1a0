public import Foundation

/// The one-time links an operator mails to a person who lost every way into their account (``RecoveryLinks``).
/// Only a link's hash is kept.
public protocol RecoveryLinkStore: Sendable {
    /// Keeps the hash of a new link to `accountID` until `expiresAt`, in place of any earlier link of the account:
    /// only the newest link works. Fails with `.notFound` when the account does not exist.
    func replaceRecoveryLink(tokenHash: [UInt8], accountID: AccountID, expiresAt: Date) throws(StoreError)
    /// The account a link whose token hashes to `tokenHash` leads to, when it is there and unexpired at `now`;
    /// the link stays.
    func recoveryLinkAccount(tokenHash: [UInt8], now: Date) throws(StoreError) -> AccountID?
    /// Deletes the link and returns its account when it was there and unexpired at `now`: of two concurrent
    /// redemptions exactly one gets the account, which makes a link single-use.
    func consumeRecoveryLink(tokenHash: [UInt8], now: Date) throws(StoreError) -> AccountID?
    /// Deletes the links that expired before `now`. Returns how many.
    @discardableResult
    func deleteExpiredRecoveryLinks(now: Date) throws(StoreError) -> Int
}
