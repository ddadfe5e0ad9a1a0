import Foundation
import Synchronization

/// A clock that moves only when the test says: now, unless advanced.
final class ManualClock: Sendable {
    private let current = Mutex(Date())

    var now: Date { current.withLock { $0 } }

    func advance(seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    var read: @Sendable () -> Date { { self.now } }
}
