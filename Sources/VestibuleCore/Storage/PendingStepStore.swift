public import Foundation

/// Steps of a flow that spans requests (a hand-off, an Apple link waiting for confirmation), each found by the
/// hash of a random handle and used once.
public protocol PendingStepStore: Sendable {
    func savePendingStep(_ step: PendingStep) throws(StoreError)
    /// Deletes and returns the step, or `nil` (never saved, used already). Of concurrent callers exactly one
    /// gets it; checking `expiresAt` is the caller's job.
    func consumePendingStep(kind: String, handleHash: [UInt8]) throws(StoreError) -> PendingStep?
    /// The step, left in place, or `nil`; checking `expiresAt` is the caller's job.
    func pendingStep(kind: String, handleHash: [UInt8]) throws(StoreError) -> PendingStep?
    @discardableResult
    func deleteExpiredPendingSteps(now date: Date) throws(StoreError) -> Int
}
