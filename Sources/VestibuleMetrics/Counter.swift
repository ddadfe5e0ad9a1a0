import Synchronization

/// A count that only goes up (requests, sign-ins, emails sent). Incrementing is one relaxed atomic add: the
/// hot path never locks and never looks the series up, since the caller keeps the counter it registered.
public final class Counter: Sendable {
    private let total = Atomic<Int>(0)

    /// Not registered anywhere: for a part built without a registry (tests, commands), which then counts into
    /// nothing anyone reads.
    public init() {}

    public func increment(by amount: Int = 1) {
        total.add(amount, ordering: .relaxed)
    }

    public var value: Int { total.load(ordering: .relaxed) }
}
