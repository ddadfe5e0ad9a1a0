import Dispatch
import Foundation

/// Lets at most a fixed number of password hashes run at once.
///
/// Argon2id is CPU- and memory-bound: more hashes in flight than cores only adds page faults and cache
/// misses (19 MiB each), and a burst of sign-ins could otherwise claim workers × 19 MiB. Callers beyond the
/// limit wait their turn, which keeps throughput at the cores' rate and memory bounded.
final class HashingGate: Sendable {
    private let semaphore: DispatchSemaphore

    /// - Parameter limit: hashes at once; `nil` for one per core.
    init(limit: Int?) {
        semaphore = DispatchSemaphore(value: max(1, limit ?? ProcessInfo.processInfo.activeProcessorCount))
    }

    func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        semaphore.wait()
        defer { semaphore.signal() }
        return try body()
    }
}
