import Dispatch
import Testing
@testable import VestibuleCrypto
import VestibuleMetrics
import VestibuleTesting

/// The gate in front of Argon2id: a fixed number of hashes at once, a fixed number waiting, and anyone beyond
/// that turned away at once rather than queued.
@Suite struct HashingGateTests {
    @Test func withEveryPlaceTakenACallerIsTurnedAwayAtOnceAndServedOnceOneFrees() throws {
        let gate = HashingGate(limit: 1, waiting: 0)
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        finished.enter()
        DispatchQueue.global().async {
            defer { finished.leave() }
            _ = try? gate.run {
                holding.signal()
                release.wait()
            }
        }
        holding.wait()
        #expect(throws: CryptoError.self, "the only place is taken") { try gate.run { 0 } }
        do {
            _ = try gate.run { 0 }
        } catch {
            #expect(error.code == .busy)
        }
        release.signal()
        finished.wait()
        #expect(try gate.run { 42 } == 42, "the place is free again once its caller is done")
    }

    /// A caller waiting for the one turn shows in the queue depth while it waits, its wait is timed once it
    /// runs, and one turned away is counted.
    @Test func waitingCallersAndRefusalsAreReported() throws {
        let metrics = MetricsRegistry()
        let gate = HashingGate(limit: 1, waiting: 1, metrics: metrics)
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        DispatchQueue.global().async(group: finished) {
            _ = try? gate.run {
                holding.signal()
                release.wait()
            }
        }
        holding.wait()
        DispatchQueue.global().async(group: finished) { _ = try? gate.run { 0 } }
        #expect(
            eventually { metrics.exposition().contains("vestibule_password_hash_queue_depth 1\n") },
            "the second caller waits for the turn"
        )
        #expect(throws: CryptoError.self, "the turn and the waiting place are taken") { try gate.run { 0 } }
        release.signal()
        finished.wait()
        let text = metrics.exposition()
        #expect(text.contains("vestibule_password_hash_queue_depth 0\n"))
        #expect(text.contains("vestibule_password_hash_wait_seconds_count 2\n"), "both callers that ran were timed")
        #expect(text.contains("vestibule_password_hash_refused_total 1\n"))
    }
}
