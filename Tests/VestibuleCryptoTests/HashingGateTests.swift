import Dispatch
import Testing
@testable import VestibuleCrypto

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
}
