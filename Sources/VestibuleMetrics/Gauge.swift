import Synchronization

/// A whole number that goes up and down as things are taken and given back (connections borrowed from a
/// pool). One relaxed atomic add per change; for a value better read when scraped, register a sampled gauge
/// (``MetricsRegistry/gauge(_:help:labels:sample:)``) instead.
public final class Gauge: Sendable {
    private let current = Atomic<Int>(0)

    /// Not registered anywhere, like ``Counter/init()``.
    public init() {}

    public func increment() { current.add(1, ordering: .relaxed) }

    public func decrement() { current.subtract(1, ordering: .relaxed) }

    public var value: Int { current.load(ordering: .relaxed) }
}
