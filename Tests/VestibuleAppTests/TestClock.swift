import Foundation
import Synchronization

/// A clock that starts at the real time and that a test moves forward by hand: to see what expires.
final class TestClock: Sendable {
    private let current = Mutex(Date())

    var now: @Sendable () -> Date { { [self] in current.withLock { $0 } } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
