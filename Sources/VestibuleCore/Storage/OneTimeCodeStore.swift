public import Foundation

/// One-time codes mailed for a purpose (confirming an address, resetting a password), with their tries counted
/// so that guessing is bounded per code and per day.
public protocol OneTimeCodeStore: Sendable {
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
}
