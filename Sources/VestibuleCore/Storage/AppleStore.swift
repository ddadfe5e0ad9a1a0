public import Foundation

/// Sign in with Apple: Apple identity records (with their sealed refresh tokens), Apple's server-to-server
/// notifications already handled, and the queue of refresh tokens still to revoke.
public protocol AppleStore: Sendable {
    /// Creates an account signed up with Apple: the account, its Apple identity and the Apple record exist
    /// afterwards, or none does. Fails with `.conflict` when the identity is linked already.
    func createAppleAccount(_ account: Account, identity: Identity, apple: AppleIdentityRecord) throws(StoreError)
    /// Links an Apple identity (identity row and Apple record, atomically) to an existing account.
    /// Fails with `.conflict` when it is linked already, `.notFound` when the account is gone.
    func linkAppleIdentity(_ identity: Identity, apple: AppleIdentityRecord) throws(StoreError)
    func appleIdentity(subject: String) throws(StoreError) -> AppleIdentityRecord?
    func appleIdentities(of accountID: AccountID) throws(StoreError) -> [AppleIdentityRecord]
    /// Replaces the sealed refresh token and the client it belongs to, after a new exchange.
    func updateAppleRefreshToken(subject: String, clientID: String, sealed: [UInt8], at date: Date) throws(StoreError)
    /// Records relay forwarding turned off (`disabledAt` set) or back on (`nil`). Returns whether the identity exists.
    @discardableResult
    func setAppleEmailForwarding(subject: String, disabledAt: Date?, at date: Date) throws(StoreError) -> Bool
    /// Unlinks the account's Apple identity, unless it is the account's last sign-in method; atomic like
    /// ``PasskeyStore/deletePasskey(id:of:)``. With `queueingRevocationAt`, the removed record's refresh token
    /// (when it held one) is queued for revocation, due then, in the same transaction: a token the person let go
    /// of must not outlive the link, even when Vestibule stops before Apple answers.
    func unlinkAppleIdentity(subject: String, of accountID: AccountID, queueingRevocationAt date: Date?)
        throws(StoreError) -> AppleUnlinking
    /// Records a notification's `jti`. Returns `false` when it was recorded before: Apple may deliver twice.
    func recordAppleNotification(id: String, at date: Date) throws(StoreError) -> Bool
    @discardableResult
    func deleteAppleNotifications(before date: Date) throws(StoreError) -> Int

    /// Deletes the account (as ``AccountStore/deleteAccount(id:)``) and queues `revocations`, in one transaction:
    /// the account is gone and its Apple tokens will be revoked, or nothing changed.
    func deleteAccount(id: AccountID, queueing revocations: [AppleRevocation]) throws(StoreError)
    /// Queued revocations due at `date`, oldest first.
    func dueAppleRevocations(at date: Date, limit: Int) throws(StoreError) -> [AppleRevocation]
    /// Removes a revocation Apple accepted.
    func finishAppleRevocation(id: String) throws(StoreError)
    /// Counts a failed attempt and sets when to try again.
    func postponeAppleRevocation(id: String, until date: Date) throws(StoreError)
}
