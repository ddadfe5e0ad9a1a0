public import Foundation
public import VestibuleCrypto

/// Steps of a sign-in that span requests, kept in the store so any instance can finish them: each found by a
/// random handle (only its SHA-256 is stored), consumed once, expiring, its payload sealed (it can hold tokens
/// and personal data).
public struct PendingSteps: Sendable {
    private let store: any PendingStepStore
    private let secretBox: SecretBox
    private let clock: @Sendable () -> Date

    public init(store: any PendingStepStore, secretBox: SecretBox, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.secretBox = secretBox
        self.clock = clock
    }

    /// Saves `payload` for `lifetime` seconds and returns the handle that finds it again.
    public func save(_ payload: some Encodable, kind: String, lifetime: TimeInterval) throws -> String {
        let handle = SecureRandom.token()
        try save(payload, kind: kind, handle: handle, lifetime: lifetime)
        return handle
    }

    /// Saves `payload` under a handle the caller chose (a random value it hands out itself, like a nonce).
    public func save(_ payload: some Encodable, kind: String, handle: String, lifetime: TimeInterval) throws {
        let encoded = try JSONEncoder().encode(payload)
        try store.savePendingStep(
            PendingStep(
                kind: kind,
                handleHash: SHA2.sha256(handle),
                sealedPayload: secretBox.seal(Array(encoded), associatedData: Array(kind.utf8)),
                expiresAt: clock().addingTimeInterval(lifetime)
            )
        )
    }

    /// The payload saved under `handle`, left in place (a hand-off read by each page it prefills); `nil` when
    /// there is none or it has expired.
    public func read<Payload: Decodable>(_ type: Payload.Type, kind: String, handle: String) throws -> Payload? {
        try open(try store.pendingStep(kind: kind, handleHash: SHA2.sha256(handle)), as: type)
    }

    /// The payload saved under `handle`, removed so it cannot be used again; `nil` when there is none or it
    /// has expired.
    public func consume<Payload: Decodable>(_ type: Payload.Type, kind: String, handle: String) throws -> Payload? {
        try open(try store.consumePendingStep(kind: kind, handleHash: SHA2.sha256(handle)), as: type)
    }

    private func open<Payload: Decodable>(_ step: PendingStep?, as type: Payload.Type) throws -> Payload? {
        guard let step, step.expiresAt >= clock() else { return nil }
        let plaintext = try secretBox.open(step.sealedPayload, associatedData: Array(step.kind.utf8))
        // A step saved by an earlier version, in a shape this one no longer reads, is as good as expired: the
        // person starts again, rather than meeting an error page.
        return try? JSONDecoder().decode(type, from: Data(plaintext))
    }
}
