public import Foundation
import VestibuleCrypto

/// Six-digit codes mailed to prove a person receives mail at an address: to verify it after sign-up, and
/// to reset a forgotten password.
///
/// A code is derived, with HMAC-SHA-256 under a server key, from its purpose, address and a random seed; only
/// the seed is stored, so a copy of the database reveals no code and cannot be brute-forced offline, and a
/// stored seed cannot be moved to another address or purpose. Codes expire after ``lifetime``, work once, and
/// stop working after ``maximumAttempts`` tries, right or wrong.
///
/// Asking again while a code is pending gives the same code (to mail again, with ``lifetime`` from now) and
/// keeps its tries: nobody's request cancels the code in someone's inbox or buys a guesser fresh tries. A new
/// code comes only once the last one expired or was tried out, and every purpose and address has at most
/// ``maximumDailyAttempts`` tries a day across its codes, so a new code every quarter of an hour does not
/// make a six-digit code guessable.
public struct OneTimeCodes: Sendable {
    private let store: any OneTimeCodeStore
    private let key: [UInt8]
    private let clock: @Sendable () -> Date
    public let lifetime: Duration
    public let maximumAttempts: Int
    public let maximumDailyAttempts: Int
    /// The day that ``maximumDailyAttempts`` counts over.
    static let countingPeriod: TimeInterval = 86_400

    /// - Parameter key: at least 32 secret random bytes, the same on every instance and across restarts
    ///   (codes issued under another key never verify).
    public init(
        store: any OneTimeCodeStore,
        key: [UInt8],
        clock: @escaping @Sendable () -> Date,
        lifetime: Duration = .seconds(900),
        maximumAttempts: Int = 5,
        maximumDailyAttempts: Int = 20
    ) {
        precondition(key.count >= 32, "the one-time code key must have at least 32 bytes")
        precondition(maximumAttempts > 0, "a code must allow at least one attempt")
        precondition(maximumDailyAttempts >= maximumAttempts, "a day must allow at least one code's attempts")
        self.store = store
        self.key = key
        self.clock = clock
        self.lifetime = lifetime
        self.maximumAttempts = maximumAttempts
        self.maximumDailyAttempts = maximumDailyAttempts
    }

    /// The code to mail for `purpose` and `email`: the pending one when there is one (valid for ``lifetime``
    /// from now, its tries kept), otherwise a new one.
    public func issue(_ purpose: CodePurpose, for email: EmailAddress) throws(StoreError) -> String {
        let now = clock()
        let stored = try store.issueOneTimeCode(
            StoredOneTimeCode(
                purpose: purpose,
                subject: email.value,
                seed: SecureRandom.bytes(16),
                expiresAt: now.addingTimeInterval(lifetime.seconds),
                countingSince: now
            ),
            keepingLiveCodeTriedFewerThan: maximumAttempts,
            now: now
        )
        return code(for: stored)
    }

    /// Checks `code` and, when it is right, uses it up.
    ///
    /// Every well-formed try counts against ``maximumAttempts`` and ``maximumDailyAttempts`` first, so
    /// concurrent guesses cannot exceed them. Spaces and hyphens in `code` are ignored (people copy `123 456`).
    /// - Returns: `true` when the code was right, unexpired and unused (it is now consumed); `false` when it
    ///   is wrong, expired, already used, malformed, or none was issued, which callers must not tell apart.
    /// - Throws: ``AccountError/Code/tooManyAttempts`` when the code, or the address that day, was tried too
    ///   often, even if this try is right; `StoreError` when the store fails.
    public func redeem(_ code: String, purpose: CodePurpose, for email: EmailAddress) throws -> Bool {
        let digits = code.filter { $0 != " " && $0 != "-" }
        guard digits.utf8.count == 6, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
        let now = clock()
        guard let stored = try store.recordOneTimeCodeAttempt(
            purpose: purpose, subject: email.value, now: now,
            restartingCountsBefore: now.addingTimeInterval(-Self.countingPeriod)
        ) else { return false }
        guard now <= stored.expiresAt else { return false }
        guard stored.attempts <= maximumAttempts, stored.dailyAttempts <= maximumDailyAttempts else {
            throw AccountError.tooManyAttempts
        }
        guard ConstantTime.equals(Array(digits.utf8), Array(self.code(for: stored).utf8)) else { return false }
        return try store.consumeOneTimeCode(purpose: purpose, subject: email.value, seed: stored.seed)
    }

    /// Deletes codes that expired and remember no guess from the last day. Returns how many.
    @discardableResult
    public func purgeExpired() throws(StoreError) -> Int {
        let now = clock()
        return try store.deleteExpiredOneTimeCodes(
            now: now, countingCutoff: now.addingTimeInterval(-Self.countingPeriod)
        )
    }

    /// The six digits the stored seed stands for: uniformly drawn from HMAC-SHA-256 of the purpose, subject and
    /// seed (NUL separates them: none can contain one, an address has no control characters). Four bytes at or
    /// above the largest multiple of 10⁶ that fits in 32 bits are skipped, so taking the remainder favours no
    /// digit; when all eight groups are (about once in 10²⁹), the MAC is taken again.
    private func code(for stored: StoredOneTimeCode) -> String {
        let range: UInt32 = 1_000_000
        let limit = UInt32.max - UInt32.max % range
        var block = HMAC.sha256(
            key: key,
            message: Array(stored.purpose.rawValue.utf8) + [0] + Array(stored.subject.utf8) + [0] + stored.seed
        )
        while true {
            for start in stride(from: 0, to: block.count, by: 4) {
                let value = block[start..<start + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                guard value < limit else { continue }
                let digits = String(value % range)
                return String(repeating: "0", count: 6 - digits.count) + digits
            }
            block = HMAC.sha256(key: key, message: block)
        }
    }
}
