public import Foundation
import Synchronization

/// Attempt windows in this process's memory: for a single instance, where they cost no database write.
/// Several instances each counting their own would each allow the whole limit; they count in the store.
public final class MemoryAttemptCounter: AttemptCounter {
    private struct Window {
        var start: Date
        var end: Date
        var count: Int
    }

    private let windows = Mutex<[String: Window]>([:])
    /// Above this many keys, ended windows are dropped, bounding memory under a spray of addresses.
    private let compactionThreshold = 50_000

    public init() {}

    public func recordAttempt(key: String, window: Duration, now: Date) -> (count: Int, windowStart: Date) {
        windows.withLock { windows in
            if windows.count > compactionThreshold {
                windows = windows.filter { $0.value.end > now }
            }
            var current = windows[key].flatMap { $0.end > now ? $0 : nil }
                ?? Window(start: now, end: now.addingTimeInterval(window.seconds), count: 0)
            current.count += 1
            windows[key] = current
            return (current.count, current.start)
        }
    }
}
