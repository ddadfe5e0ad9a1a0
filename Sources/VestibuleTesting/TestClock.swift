public import Foundation
import Synchronization

/// A clock that a test moves forward by hand, to see what expires without waiting for it.
///
/// Pass ``now`` wherever the code under test takes its clock (`clock: @Sendable () -> Date`).
public final class TestClock: Sendable {
    /// A fixed instant (2027-01-15), for tests whose expected values are computed from where the clock starts.
    public static let fixedStart = Date(timeIntervalSince1970: 1_800_000_000)

    private let current: Mutex<Date>

    /// - Parameter start: the real time by default, for code that also stamps records with `Date()`.
    public init(startingAt start: Date = Date()) {
        current = Mutex(start)
    }

    /// The clock's reading, as the closure the code under test calls.
    public var now: @Sendable () -> Date { { [self] in current.withLock { $0 } } }

    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
