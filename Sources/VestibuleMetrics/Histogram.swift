import Synchronization

/// How long something took, counted into fixed buckets (Prometheus' histogram). An observation is two relaxed
/// atomic adds (its bucket and the sum) after a scan of the few bounds; the cumulative counts Prometheus wants
/// are added up only when scraped.
public final class Histogram: Sendable {
    /// Upper bounds in seconds, ascending; the `+Inf` bucket is implicit.
    public let upperBounds: [Double]
    /// One per bound, then the `+Inf` bucket; each counts only its own range.
    private let buckets: [Counter]
    private let nanoseconds = Atomic<Int>(0)

    /// From a tenth of a millisecond (a session check answered from memory) to ten seconds (a call to Apple
    /// that is about to time out).
    public static let durationBuckets: [Double] = [
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    /// Not registered anywhere, like ``Counter/init()``.
    public init(upperBounds: [Double] = Histogram.durationBuckets) {
        precondition(zip(upperBounds, upperBounds.dropFirst()).allSatisfy(<), "bucket bounds must ascend")
        self.upperBounds = upperBounds
        buckets = (0...upperBounds.count).map { _ in Counter() }
    }

    public func observe(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        let elapsed = Double(nanoseconds) / 1e9
        buckets[upperBounds.firstIndex { elapsed <= $0 } ?? upperBounds.count].increment()
        self.nanoseconds.add(Int(nanoseconds), ordering: .relaxed)
    }

    /// Times `body` into this histogram, also when it throws.
    public func time<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let start = ContinuousClock.now
        defer { observe(ContinuousClock.now - start) }
        return try body()
    }

    /// The counts at or below each bound and then in all (the `+Inf` bucket, which is also the count), and the
    /// sum in seconds. Read bucket by bucket while others add: the numbers may be an observation apart, which
    /// Prometheus tolerates, but the cumulative counts never decrease.
    var snapshot: (cumulative: [Int], sum: Double) {
        var running = 0
        let cumulative = buckets.map { bucket in
            running += bucket.value
            return running
        }
        return (cumulative, Double(nanoseconds.load(ordering: .relaxed)) / 1e9)
    }
}
