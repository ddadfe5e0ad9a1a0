public import Foundation
import VestibuleCrypto

/// Six-digit codes mailed to prove a person receives mail at an address: to verify it after sign-up, and
/// to reset a forgotten password.
///
/// A code is stored only as HMAC-SHA-256 under a server key, over its purpose, address and digits, so a copy
/// of the database cannot be brute-forced offline (a million candidates would otherwise take a moment) and a
/// stored code cannot be moved to another address or purpose. Codes expire after ``lifetime``, work once, and
/// stop working after ``maximumAttempts`` tries, right or wrong. Issuing a new code for the same purpose and
/// address replaces the old one.
public struct OneTimeCodes: Sendable {
    private let store: any Store
    private let key: [UInt8]
    private let clock: @Sendable () -> Date
    public let lifetime: Duration
    public let maximumAttempts: Int

    /// - Parameter key: at least 32 secret random bytes, the same on every instance and across restarts
    ///   (codes issued under another key never verify).
    public init(
        store: any Store,
        key: [UInt8],
        clock: @escaping @Sendable () -> Date,
        lifetime: Duration = .seconds(900),
        maximumAttempts: Int = 5
    ) {
        precondition(key.count >= 32, "the one-time code key must have at least 32 bytes")
        precondition(maximumAttempts > 0, "a code must allow at least one attempt")
        self.store = store
        self.key = key
        self.clock = clock
        self.lifetime = lifetime
        self.maximumAttempts = maximumAttempts
    }

    /// Creates a code for `purpose` and `email`, replacing any earlier one, and returns its six digits to mail.
    public func issue(_ purpose: CodePurpose, for email: EmailAddress) throws(StoreError) -> String {
        let code = Self.randomDigits()
        try store.saveOneTimeCode(
            StoredOneTimeCode(
                purpose: purpose,
                subject: email.value,
                mac: mac(code, purpose: purpose, subject: email.value),
                expiresAt: clock().addingTimeInterval(lifetime.seconds)
            )
        )
        return code
    }

    /// Checks `code` and, when it is right, uses it up.
    ///
    /// Every well-formed try counts against ``maximumAttempts`` first, so concurrent guesses cannot exceed it.
    /// Spaces and hyphens in `code` are ignored (people copy `123 456`).
    /// - Returns: `true` when the code was right, unexpired and unused (it is now consumed); `false` when it
    ///   is wrong, expired, already used, malformed, or none was issued, which callers must not tell apart.
    /// - Throws: ``AccountError/Code/tooManyAttempts`` when the code was tried too often, even if this try is
    ///   right; `StoreError` when the store fails.
    public func redeem(_ code: String, purpose: CodePurpose, for email: EmailAddress) throws -> Bool {
        let digits = code.filter { $0 != " " && $0 != "-" }
        guard digits.utf8.count == 6, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
        guard let stored = try store.recordOneTimeCodeAttempt(purpose: purpose, subject: email.value) else {
            return false
        }
        guard clock() <= stored.expiresAt else { return false }
        guard stored.attempts <= maximumAttempts else { throw AccountError.tooManyAttempts }
        let candidate = mac(digits, purpose: purpose, subject: email.value)
        guard ConstantTime.equals(candidate, stored.mac) else { return false }
        return try store.consumeOneTimeCode(purpose: purpose, subject: email.value, mac: stored.mac)
    }

    /// Deletes expired codes. Returns how many.
    @discardableResult
    public func purgeExpired() throws(StoreError) -> Int {
        try store.deleteExpiredOneTimeCodes(now: clock())
    }

    private func mac(_ code: String, purpose: CodePurpose, subject: String) -> [UInt8] {
        // NUL separates the fields: none of them can contain one (an address has no control characters).
        let message = Array(purpose.rawValue.utf8) + [0] + Array(subject.utf8) + [0] + Array(code.utf8)
        return HMAC.sha256(key: key, message: message)
    }

    /// Six uniformly random decimal digits. Values at or above the largest multiple of 10⁶ that fits in 32
    /// bits are drawn again, so taking the remainder favours no digit.
    static func randomDigits() -> String {
        let range: UInt32 = 1_000_000
        let limit = UInt32.max - UInt32.max % range
        while true {
            let value = SecureRandom.bytes(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard value < limit else { continue }
            let digits = String(value % range)
            return String(repeating: "0", count: 6 - digits.count) + digits
        }
    }
}
