public import Foundation

/// Everything Vestibule keeps, behind one interface with two backends: SQLite for one instance, PostgreSQL
/// for several. Both must pass the same behavioural suite (`Tests/VestibuleStoreTests`).
///
/// Calls block the calling thread (SQLite and libpq are blocking C libraries). Vestibule calls them from
/// the HTTP server's worker threads, never from Swift's cooperative pool.
///
/// A store is also an ``AttemptCounter``: `recordAttempt` counts in one `INSERT … ON CONFLICT … DO UPDATE`,
/// so instances sharing the database share their rate limits. Keys are stored only as their SHA-256 digests:
/// they contain email and IP addresses, which the table must not hold.
public protocol Store: AttemptCounter {
    // MARK: Schema

    /// Applies every migration not yet applied, in order, each in its own transaction.
    /// Returns the versions applied by this call (empty when already current).
    @discardableResult
    func migrate() throws(StoreError) -> [Int]
    /// The highest migration version applied.
    func schemaVersion() throws(StoreError) -> Int
    /// Verifies the database's integrity (`PRAGMA integrity_check` on SQLite). `true` when intact.
    func checkIntegrity() throws(StoreError) -> Bool
    /// Finishes pending work and releases every connection. Further calls fail with `.unavailable`.
    func close()

    // MARK: Accounts

    /// Creates an account together with its first sign-in method, atomically: either both exist afterwards
    /// or neither does. Fails with `.conflict` when the identity is already linked to any account.
    func createAccount(_ account: Account, identity: Identity) throws(StoreError)
    func account(id: AccountID) throws(StoreError) -> Account?
    /// Replaces the account's mutable fields. Fails with `.notFound` when it does not exist.
    func updateAccount(_ account: Account) throws(StoreError)
    /// Deletes the account with its identities, sessions, password credential and field values. Deleting a
    /// missing account is not an error.
    func deleteAccount(id: AccountID) throws(StoreError)

    // MARK: Identities

    /// Links another sign-in method to an existing account. Fails with `.conflict` when `(method, subject)`
    /// is linked already, and `.notFound` when the account does not exist.
    func addIdentity(_ identity: Identity) throws(StoreError)
    func identity(method: SignInMethod, subject: String) throws(StoreError) -> Identity?
    /// The account's identities, oldest first.
    func identities(of accountID: AccountID) throws(StoreError) -> [Identity]
    func recordIdentityUse(method: SignInMethod, subject: String, at date: Date) throws(StoreError)
    func removeIdentity(method: SignInMethod, subject: String) throws(StoreError)

    // MARK: Sessions

    func insertSession(_ session: Session) throws(StoreError)
    /// The session whose token hashes to `tokenHash`, or `nil`.
    func session(tokenHash: [UInt8]) throws(StoreError) -> Session?
    /// The account's sessions, most recently seen first.
    func sessions(of accountID: AccountID) throws(StoreError) -> [Session]
    func recordSessionActivity(id: SessionID, at date: Date) throws(StoreError)
    /// Deletes one session. Returns whether it existed.
    @discardableResult
    func deleteSession(id: SessionID) throws(StoreError) -> Bool
    /// Deletes every session that expired absolutely before `date`, or has been idle since `idleCutoff`.
    /// Returns how many were deleted.
    @discardableResult
    func deleteExpiredSessions(now date: Date, idleCutoff: Date) throws(StoreError) -> Int
    /// Deletes every session of the account except `kept` (all of them when `kept` is `nil`): after a
    /// password change or reset. Returns how many were deleted.
    @discardableResult
    func deleteSessions(of accountID: AccountID, except kept: SessionID?) throws(StoreError) -> Int

    // MARK: Passwords

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

    // MARK: One-time codes

    /// Stores `fresh` as the code for its purpose and subject, unless a live one is stored (unexpired at `now`
    /// and tried fewer than `maximumAttempts` times): that one then stays, with its tries, and only its expiry
    /// moves to `fresh`'s. The day's count of guesses is kept either way. Returns the code as stored afterwards;
    /// one statement, so concurrent issues all return the same code.
    func issueOneTimeCode(_ fresh: StoredOneTimeCode, keepingLiveCodeTriedFewerThan maximumAttempts: Int, now: Date)
        throws(StoreError) -> StoredOneTimeCode
    /// The code stored for this purpose and subject, or `nil`.
    func oneTimeCode(purpose: CodePurpose, subject: String) throws(StoreError) -> StoredOneTimeCode?
    /// Atomically counts one try, on the code and on the day's count, and returns the code as it is afterwards,
    /// or `nil` when there is none. A day's count that began before `restartingCountsBefore` begins again at
    /// `now`. Concurrent attempts each count, so no more than the allowed number can be tried.
    func recordOneTimeCodeAttempt(
        purpose: CodePurpose, subject: String, now: Date, restartingCountsBefore cutoff: Date
    ) throws(StoreError) -> StoredOneTimeCode?
    /// Deletes the code only if its seed is still `seed` (it was not replaced meanwhile). Returns whether it did:
    /// of two concurrent redemptions of one code exactly one gets `true`, which makes codes single-use.
    func consumeOneTimeCode(purpose: CodePurpose, subject: String, seed: [UInt8]) throws(StoreError) -> Bool
    /// Deletes every code that expired before `date` and whose day's count holds no guess or began before
    /// `countingCutoff`: rows that neither work nor remember guesses. Returns how many.
    @discardableResult
    func deleteExpiredOneTimeCodes(now date: Date, countingCutoff: Date) throws(StoreError) -> Int

    // MARK: Signing keys

    func insertSigningKey(_ key: StoredSigningKey) throws(StoreError)
    /// Every stored signing key, newest first.
    func signingKeys() throws(StoreError) -> [StoredSigningKey]
    func retireSigningKey(keyID: String, at date: Date) throws(StoreError)

    // MARK: Passkeys

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

    // MARK: Sign in with Apple

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
    /// ``deletePasskey(id:of:)``. With `queueingRevocationAt`, the removed record's refresh token (when it held
    /// one) is queued for revocation, due then, in the same transaction: a token the person let go of must not
    /// outlive the link, even when Vestibule stops before Apple answers.
    func unlinkAppleIdentity(subject: String, of accountID: AccountID, queueingRevocationAt date: Date?)
        throws(StoreError) -> AppleUnlinking
    /// Records a notification's `jti`. Returns `false` when it was recorded before: Apple may deliver twice.
    func recordAppleNotification(id: String, at date: Date) throws(StoreError) -> Bool
    @discardableResult
    func deleteAppleNotifications(before date: Date) throws(StoreError) -> Int

    /// Deletes the account (as ``deleteAccount(id:)``) and queues `revocations`, in one transaction: the
    /// account is gone and its Apple tokens will be revoked, or nothing changed.
    func deleteAccount(id: AccountID, queueing revocations: [AppleRevocation]) throws(StoreError)
    /// Queued revocations due at `date`, oldest first.
    func dueAppleRevocations(at date: Date, limit: Int) throws(StoreError) -> [AppleRevocation]
    /// Removes a revocation Apple accepted.
    func finishAppleRevocation(id: String) throws(StoreError)
    /// Counts a failed attempt and sets when to try again.
    func postponeAppleRevocation(id: String, until date: Date) throws(StoreError)
    /// Ends the account's sessions that were started with `method` (Apple consent revoked). Returns how many.
    @discardableResult
    func deleteSessions(of accountID: AccountID, signedInWith method: SignInMethod) throws(StoreError) -> Int

    // MARK: Account fields (the data policy's extra data)

    /// Stores what the person gave for a declared field, replacing what they gave before.
    /// Fails with `.notFound` when the account does not exist.
    func saveAccountField(_ value: FieldValue, of accountID: AccountID) throws(StoreError)
    /// Every field value the account holds, by name.
    func accountFields(of accountID: AccountID) throws(StoreError) -> [FieldValue]
    /// Deletes one field value. Returns whether it existed.
    @discardableResult
    func deleteAccountField(name: String, of accountID: AccountID) throws(StoreError) -> Bool

    // MARK: Pending steps

    func savePendingStep(_ step: PendingStep) throws(StoreError)
    /// Deletes and returns the step, or `nil` (never saved, used already). Of concurrent callers exactly one
    /// gets it; checking `expiresAt` is the caller's job.
    func consumePendingStep(kind: String, handleHash: [UInt8]) throws(StoreError) -> PendingStep?
    /// The step, left in place, or `nil`; checking `expiresAt` is the caller's job.
    func pendingStep(kind: String, handleHash: [UInt8]) throws(StoreError) -> PendingStep?
    @discardableResult
    func deleteExpiredPendingSteps(now date: Date) throws(StoreError) -> Int

    // MARK: Guests

    func insertGuest(_ guest: Guest) throws(StoreError)
    /// The guest whose token hashes to `tokenHash`, or `nil`.
    func guest(tokenHash: [UInt8]) throws(StoreError) -> Guest?
    /// Moves the guest's last activity forward to `date`. Returns whether the guest exists.
    @discardableResult
    func recordGuestActivity(id: GuestID, at date: Date) throws(StoreError) -> Bool
    /// Deletes every guest last seen before `cutoff`, with its documents. Returns how many.
    @discardableResult
    func deleteGuests(lastSeenBefore cutoff: Date) throws(StoreError) -> Int
    /// Deletes every guest that holds documents, was last seen before `cutoff`, and was never seen more than
    /// `period` after its creation (made, used at once, never again), with its documents. Returns how many.
    @discardableResult
    func deleteAbandonedGuests(lastSeenBefore cutoff: Date, usedOnlyWithin period: TimeInterval)
        throws(StoreError) -> Int
    /// Moves the guest's documents into the account, reconciling namesakes by `rule`, and deletes the guest,
    /// in one transaction that locks the account, then the guest: a concurrent write to the guest's documents
    /// lands before the move (and moves) or fails after it, never in between. Fails with `.notFound` when the
    /// guest or the account is gone.
    func claimGuest(_ guestID: GuestID, into accountID: AccountID, merging rule: DocumentMergeRule, at date: Date)
        throws(StoreError) -> GuestClaim

    // MARK: Documents

    /// The owner's documents, by name, without their bodies.
    func documents(of owner: DocumentOwner) throws(StoreError) -> [DocumentSummary]
    func document(_ name: DocumentName, of owner: DocumentOwner) throws(StoreError) -> StoredDocument?
    /// The size of every owner's document bodies together, in bytes: a scan, for the storage quota to read now
    /// and then (``DocumentStorageGauge``), not on every write.
    func documentStorageBytes() throws(StoreError) -> Int
    /// Creates (``DocumentPrecondition/absent``, as version 1, unless the owner holds `limit` documents) or
    /// replaces (at the expected version, as the next) the document, after locking its owner's row, so writes
    /// of one owner and a claim of a guest happen one after another. Fails with `.notFound` when the owner is gone.
    func writeDocument(
        _ name: DocumentName, of owner: DocumentOwner, body: [UInt8], expecting precondition: DocumentPrecondition,
        limit: Int, at date: Date
    ) throws(StoreError) -> DocumentWriteOutcome
    /// Deletes the document if it is at `version`, after locking its owner's row. Fails with `.notFound` when
    /// the owner is gone.
    func deleteDocument(_ name: DocumentName, of owner: DocumentOwner, version: Int) throws(StoreError) -> DocumentDeletion

    // MARK: Rate limits (counting is ``AttemptCounter/recordAttempt(key:window:now:)``)

    /// Deletes every attempt window that ended at or before `date`. Returns how many.
    @discardableResult
    func deleteExpiredAttempts(before date: Date) throws(StoreError) -> Int
}
