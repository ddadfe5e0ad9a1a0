public import Foundation

/// A step of a sign-in that spans requests (a Sign in with Apple authorization waiting for Apple's answer,
/// then for the browser to come back), kept server-side so that every instance can finish it.
///
/// Found by the SHA-256 of the random handle the browser carries, used once, and short-lived. The payload is
/// sealed by the caller, since it can hold tokens and personal data.
public struct PendingStep: Sendable, Equatable {
    public let kind: String
    public let handleHash: [UInt8]
    public let sealedPayload: [UInt8]
    public let expiresAt: Date

    public init(kind: String, handleHash: [UInt8], sealedPayload: [UInt8], expiresAt: Date) {
        self.kind = kind
        self.handleHash = handleHash
        self.sealedPayload = sealedPayload
        self.expiresAt = expiresAt
    }
}
