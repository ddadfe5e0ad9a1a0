public import Foundation

/// A one-time code as stored: its HMAC under a server key, never the code. There is at most one per
/// purpose and subject; issuing another replaces it.
public struct StoredOneTimeCode: Sendable, Equatable {
    public let purpose: CodePurpose
    /// What the code is bound to: the normalized email address it was sent to.
    public let subject: String
    /// HMAC-SHA-256 of the purpose, subject and code under the server's key.
    public let mac: [UInt8]
    public let expiresAt: Date
    /// How many times a code has been tried against it, right or wrong.
    public var attempts: Int

    public init(purpose: CodePurpose, subject: String, mac: [UInt8], expiresAt: Date, attempts: Int = 0) {
        self.purpose = purpose
        self.subject = subject
        self.mac = mac
        self.expiresAt = expiresAt
        self.attempts = attempts
    }
}
