import Foundation
import Synchronization
import VestibuleHTTP

/// How many guests one client address may have the bookstore make per minute.
///
/// Without an app key, Vestibule counts the calls that create things against the caller's address, and for
/// guests the caller is the bookstore's server, shared by every shopper: without a limit per shopper, one client
/// that clears its cookies in a loop would use up what all the others need. With a key, Vestibule counts per
/// shopper too; this limit still keeps one address from filling Vestibule with guests. A person makes one guest (it lives in a cookie);
/// the limit leaves room for a household behind one address.
final class GuestLimit: Sendable {
    private struct Window {
        var end: Date
        var count: Int
    }

    let attempts: Int
    let window: TimeInterval
    private let windows = Mutex<[String: Window]>([:])
    /// Above this many addresses, ended windows are dropped, bounding memory under a spray of addresses.
    private let compactionThreshold = 10_000

    init(attempts: Int = 10, window: TimeInterval = 60) {
        self.attempts = attempts
        self.window = window
    }

    /// Counts one new guest for `address`; throws 429 with `Retry-After` past the limit.
    func record(_ address: String, now: Date) throws(HTTPError) {
        let (count, end) = windows.withLock { windows in
            if windows.count > compactionThreshold { windows = windows.filter { $0.value.end > now } }
            var current = windows[address].flatMap { $0.end > now ? $0 : nil } ?? Window(end: now + window, count: 0)
            current.count += 1
            windows[address] = current
            return (current.count, current.end)
        }
        guard count > attempts else { return }
        let retryAfter = max(1, Int(end.timeIntervalSince(now).rounded(.up)))
        throw HTTPError(.tooManyRequests, "Too many new carts.", headers: ["Retry-After": String(retryAfter)])
    }
}
