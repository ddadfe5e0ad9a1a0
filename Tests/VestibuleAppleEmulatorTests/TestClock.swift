import Foundation
import Synchronization

/// A clock tests move by hand: codes expire and client secrets age without waiting.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
