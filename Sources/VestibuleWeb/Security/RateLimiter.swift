import Foundation
import Synchronization
import VestibuleHTTP

/// How many attempts a key may make per window.
public struct RateLimit: Sendable, Equatable {
    public var attempts: Int
    public var window: Duration

    public init(attempts: Int, window: Duration) {
        self.attempts = attempts
        self.window = window
    }
}

/// Fixed-window attempt counters in memory, keyed by client address or account. One instance limits
/// itself; several instances each allow the limit (the shared store takes this over with PostgreSQL).
final class RateLimiter: Sendable {
    private struct Window {
        var start: Date
        var count: Int
    }

    private let windows = Mutex<[String: Window]>([:])
    private let clock: @Sendable () -> Date
    /// Above this many keys, expired windows are dropped, bounding memory under a spray of addresses.
    private let compactionThreshold = 50_000

    init(clock: @escaping @Sendable () -> Date) {
        self.clock = clock
    }

    /// Counts one attempt; throws 429 with `Retry-After` once `limit` is exceeded within the window.
    func record(_ key: String, _ limit: RateLimit) throws(HTTPError) {
        let now = clock()
        let window = limit.window.timeInterval
        let retryAfter: Int? = windows.withLock { windows in
            if windows.count > compactionThreshold {
                windows = windows.filter { now.timeIntervalSince($0.value.start) < window }
            }
            var current = windows[key] ?? Window(start: now, count: 0)
            if now.timeIntervalSince(current.start) >= window { current = Window(start: now, count: 0) }
            current.count += 1
            windows[key] = current
            guard current.count > limit.attempts else { return nil }
            return max(1, Int((window - now.timeIntervalSince(current.start)).rounded(.up)))
        }
        if let retryAfter {
            throw HTTPError(.tooManyRequests, "Too many attempts. Try again in \(retryAfter) seconds.", headers: ["Retry-After": String(retryAfter)])
        }
    }
}

extension Duration {
    var timeInterval: TimeInterval {
        TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18
    }
}
