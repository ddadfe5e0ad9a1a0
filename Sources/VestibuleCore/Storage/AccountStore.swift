public import Foundation

/// Accounts and the sign-in methods (identities) linked to them.
///
/// Creating an account with a password, a passkey or Apple is each method's store (``PasswordStore``,
/// ``PasskeyStore``, ``AppleStore``): it writes that method's own rows in the same transaction.
public protocol AccountStore: Sendable {
    /// Creates an account together with its first sign-in method, atomically: either both exist afterwards
    /// or neither does. Fails with `.conflict` when the identity is already linked to any account.
    func createAccount(_ account: Account, identity: Identity) throws(StoreError)
    func account(id: AccountID) throws(StoreError) -> Account?
    /// Replaces the account's mutable fields. Fails with `.notFound` when it does not exist.
    func updateAccount(_ account: Account) throws(StoreError)
    /// Deletes the account with its identities, sessions, password credential, field values and audit events.
    /// Deleting a missing account is not an error.
    func deleteAccount(id: AccountID) throws(StoreError)

    /// Turns the account off (`date`) or on again (`nil`). Returns whether the account exists.
    @discardableResult
    func setAccountDisabled(id: AccountID, at date: Date?) throws(StoreError) -> Bool
    /// Accounts whose id is `text`, or whose email, name or sign-in email contains it (ignoring case), at most
    /// `limit`, newest first: the operator console's search.
    func searchAccounts(matching text: String, limit: Int) throws(StoreError) -> [Account]

    /// Links another sign-in method to an existing account. Fails with `.conflict` when `(method, subject)`
    /// is linked already, and `.notFound` when the account does not exist.
    func addIdentity(_ identity: Identity) throws(StoreError)
    func identity(method: SignInMethod, subject: String) throws(StoreError) -> Identity?
    /// The account's identities, oldest first.
    func identities(of accountID: AccountID) throws(StoreError) -> [Identity]
    func recordIdentityUse(method: SignInMethod, subject: String, at date: Date) throws(StoreError)
    func removeIdentity(method: SignInMethod, subject: String) throws(StoreError)
}
