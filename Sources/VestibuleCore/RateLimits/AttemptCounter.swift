public import Foundation

/// Where rate limits keep their counts: fixed windows of attempts per key ("sign-in|address|192.0.2.1").
///
/// One instance counts in its own memory; instances sharing a database count in it (every ``Store`` is a
/// counter), so a limit holds however requests are spread over them. The composition root chooses.
public protocol AttemptCounter: Sendable {
    /// Counts one attempt for `key` and returns how many its window holds, this one included, and when that
    /// window started. A window ends `window` after its start; the first attempt at or after the end starts a
    /// new window at `now`. Concurrent attempts are each counted exactly once.
    func recordAttempt(key: String, window: Duration, now: Date) throws(StoreError) -> (count: Int, windowStart: Date)
}
