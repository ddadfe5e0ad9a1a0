public import Foundation

/// A one-time code as stored: a random seed from which the code is derived under a server key, never the
/// code. There is at most one per purpose and subject; the row also counts the guesses at that purpose and
/// subject over a day, across the codes issued for them.
public struct StoredOneTimeCode: Sendable, Equatable {
    public let purpose: CodePurpose
    /// What the code is bound to: the normalized email address it was sent to.
    public let subject: String
    /// Random bytes; the code is an HMAC of the purpose, subject and seed under the server's key, so the same
    /// code can be mailed again while it is pending, and a copy of the table reveals no code.
    public let seed: [UInt8]
    public let expiresAt: Date
    /// How many times this code has been tried, right or wrong.
    public var attempts: Int
    /// How many guesses the purpose and subject have had since ``countingSince``, whatever the code.
    public var dailyAttempts: Int
    /// When the day's count of guesses began.
    public var countingSince: Date

    public init(
        purpose: CodePurpose, subject: String, seed: [UInt8], expiresAt: Date, attempts: Int = 0,
        dailyAttempts: Int = 0, countingSince: Date
    ) {
        self.purpose = purpose
        self.subject = subject
        self.seed = seed
        self.expiresAt = expiresAt
        self.attempts = attempts
        self.dailyAttempts = dailyAttempts
        self.countingSince = countingSince
    }
}
