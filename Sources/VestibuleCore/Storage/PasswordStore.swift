public import Foundation

/// Password credentials: the Argon2id hash and whether the address it signs in with receives mail.
public protocol PasswordStore: Sendable {
    /// Creates an account with its password identity and its password credential, atomically: all three
    /// exist afterwards or none does. Fails with `.conflict` when the identity is linked already or the
    /// account id exists.
    func createPasswordAccount(
        _ account: Account,
        identity: Identity,
        credential: PasswordCredential
    ) throws(StoreError)
    /// The account's password credential, or `nil` when it has no password.
    func passwordCredential(of accountID: AccountID) throws(StoreError) -> PasswordCredential?
    /// Replaces the credential's hash and sets its `updatedAt` to `date`. When `expectedHash` is given, only
    /// if the stored hash still equals it, so a hash computed from an earlier read (a rehash at sign-in, a
    /// change) cannot undo a change made meanwhile. Returns whether it replaced the hash.
    /// Fails with `.notFound` when the account has no password credential.
    @discardableResult
    func updatePasswordHash(
        of accountID: AccountID,
        to newHash: String,
        replacing expectedHash: String?,
        at date: Date
    ) throws(StoreError) -> Bool
    /// Records that the credential's email address receives mail; an earlier verification date is kept.
    /// Fails with `.notFound` when the account has no password credential.
    func markPasswordVerified(of accountID: AccountID, at date: Date) throws(StoreError)
}
