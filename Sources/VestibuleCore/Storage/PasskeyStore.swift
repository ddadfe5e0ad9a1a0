public import Foundation

/// Passkeys (WebAuthn credentials) and the single-use challenges of their ceremonies.
public protocol PasskeyStore: Sendable {
    /// Stores a challenge issued for a passkey ceremony.
    func savePasskeyChallenge(_ challenge: PasskeyChallenge) throws(StoreError)
    /// Deletes and returns the challenge whose hash is `challengeHash`, or `nil` when there is none (never
    /// issued, or answered already). Of concurrent callers exactly one gets it, which makes challenges
    /// single-use; checking `expiresAt` is the caller's job.
    func consumePasskeyChallenge(challengeHash: [UInt8]) throws(StoreError) -> PasskeyChallenge?
    /// Deletes every challenge that expired before `date`. Returns how many.
    @discardableResult
    func deleteExpiredPasskeyChallenges(now date: Date) throws(StoreError) -> Int
    /// Creates an account whose only sign-in method is a passkey: the account, the passkey identity and the
    /// credential exist afterwards, or none does. Fails with `.conflict` when the identity or credential exists.
    func createPasskeyAccount(_ account: Account, identity: Identity, credential: PasskeyCredential) throws(StoreError)
    /// Adds a passkey (its identity and credential, atomically) to an existing account.
    /// Fails with `.conflict` when the credential is registered already, `.notFound` when the account is gone.
    func addPasskey(_ credential: PasskeyCredential, identity: Identity) throws(StoreError)
    func passkey(id: [UInt8]) throws(StoreError) -> PasskeyCredential?
    /// The account's passkeys, oldest first.
    func passkeys(of accountID: AccountID) throws(StoreError) -> [PasskeyCredential]
    /// Records a verified assertion: the new counter and backup state, the time of use (on the passkey and its
    /// identity) and, when `cloneWarning`, that time as the clone warning. Only if the stored counter is still
    /// `expectedSignCount`, so of two assertions verified against the same counter one wins and the other
    /// must be verified again against the new one. Returns whether it recorded.
    func recordPasskeyAssertion(
        id: [UInt8],
        expectedSignCount: UInt32,
        newSignCount: UInt32,
        backedUp: Bool,
        cloneWarning: Bool,
        at date: Date
    ) throws(StoreError) -> Bool
    /// Renames the account's passkey. Returns whether the account has it.
    func renamePasskey(id: [UInt8], of accountID: AccountID, to name: String) throws(StoreError) -> Bool
    /// Deletes the account's passkey and its identity, unless it is the account's last sign-in method.
    /// The check and the deletion are atomic, so two concurrent deletions cannot remove the last two methods.
    func deletePasskey(id: [UInt8], of accountID: AccountID) throws(StoreError) -> SignInMethodRemoval
}
