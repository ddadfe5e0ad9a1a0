import Dispatch
import Foundation
import Synchronization
import VestibuleMetrics

/// Lets at most a fixed number of password hashes run at once, and as many more wait their turn; beyond that,
/// a caller is turned away at once.
///
/// Argon2id is CPU- and memory-bound: more hashes in flight than cores only adds page faults and cache
/// misses (19 MiB each), and a burst of sign-ins could otherwise claim workers × 19 MiB. Callers beyond the
/// limit wait their turn, which keeps throughput at the cores' rate and memory bounded. The waiting room is
/// bounded too: every caller waiting holds one of the server's worker threads, and a flood of sign-ins must not
/// take them all from the requests that need no hash (session checks above all), nor make its own callers wait
/// for longer than a sign-in takes. Those turned away are told to come back (503 with `Retry-After`).
final class HashingGate: Sendable {
    private let running: DispatchSemaphore
    /// Callers running or waiting.
    private let admitted = Mutex(0)
    private let capacity: Int
    /// Callers waiting for a turn now; a queue that stays full says sign-ins outrun the cores.
    private let waiting: Gauge
    private let waits: Histogram
    private let turnedAway: Counter

    /// - Parameters:
    ///   - limit: hashes at once; `nil` for one per core.
    ///   - waiting: callers that may wait for a turn; `nil` for as many as run at once.
    init(limit: Int?, waiting: Int? = nil, metrics: MetricsRegistry = MetricsRegistry()) {
        let running = max(1, limit ?? ProcessInfo.processInfo.activeProcessorCount)
        self.running = DispatchSemaphore(value: running)
        capacity = running + max(0, waiting ?? running)
        self.waiting = metrics.gauge(
            "vestibule_password_hash_queue_depth", help: "Password hashes waiting for a turn now (one runs per core)."
        )
        waits = metrics.histogram(
            "vestibule_password_hash_wait_seconds", help: "Time a password hash waited for its turn before running."
        )
        turnedAway = metrics.counter(
            "vestibule_password_hash_refused_total",
            help: "Password hashes refused at once (503) because the queue was full."
        )
    }

    /// Runs `body` when a turn comes.
    ///
    /// - Throws: ``CryptoError/Code/busy`` without running `body` when every turn and waiting place is taken.
    func run<T>(_ body: () -> T) throws(CryptoError) -> T {
        let entered = admitted.withLock { count in
            guard count < capacity else { return false }
            count += 1
            return true
        }
        guard entered else {
            turnedAway.increment()
            throw CryptoError(.busy, "every password hash and waiting place is taken")
        }
        defer { admitted.withLock { $0 -= 1 } }
        waiting.increment()
        waits.time { running.wait() }
        waiting.decrement()
        defer { running.signal() }
        return body()
    }
}
