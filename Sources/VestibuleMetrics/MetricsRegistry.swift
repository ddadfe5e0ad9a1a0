import Synchronization

/// The metrics of one application, written out in Prometheus' text format by ``exposition()``.
///
/// Registering takes a lock and happens while the application is built; each registration returns the
/// ``Counter``, ``Gauge`` or ``Histogram`` its owner keeps and updates with atomic adds, so the hot path never
/// touches the registry. Registering a name and label set again returns the series already there, so two parts
/// may share one; registering a name again with another type or help is a programming error.
public final class MetricsRegistry: Sendable {
    private let families = Mutex<[MetricFamily]>([])

    /// The `Content-Type` of ``exposition()``.
    public static let contentType = PrometheusText.contentType

    public init() {}

    public func counter(_ name: String, help: String, labels: Labels = [:]) -> Counter {
        let series = register(name, help: help, kind: .counter, labels: labels) { .counter(Counter()) }
        guard case .counter(let counter) = series else { preconditionFailure("\(name) is not a counter") }
        return counter
    }

    public func gauge(_ name: String, help: String, labels: Labels = [:]) -> Gauge {
        let series = register(name, help: help, kind: .gauge, labels: labels) { .gauge(Gauge()) }
        guard case .gauge(let gauge) = series else { preconditionFailure("\(name) is not an updated gauge") }
        return gauge
    }

    /// A gauge whose value `sample` reads at each scrape. It runs on the scraping thread, so it must be cheap:
    /// a counter read, a small file of `/proc`, one indexed count.
    public func gauge(_ name: String, help: String, labels: Labels = [:], sample: @escaping @Sendable () -> Double) {
        _ = register(name, help: help, kind: .gauge, labels: labels) { .sampled(sample) }
    }

    public func histogram(
        _ name: String, help: String, labels: Labels = [:], upperBounds: [Double] = Histogram.durationBuckets
    ) -> Histogram {
        let series = register(name, help: help, kind: .histogram, labels: labels) {
            .histogram(Histogram(upperBounds: upperBounds))
        }
        guard case .histogram(let histogram) = series, histogram.upperBounds == upperBounds else {
            preconditionFailure("\(name) is registered already with other buckets")
        }
        return histogram
    }

    /// Every family in the order registered, in the text exposition format 0.0.4.
    public func exposition() -> String {
        // Copied out, so that sampled gauges (which may ask the database) run without holding the lock.
        let families = families.withLock { $0 }
        var text = ""
        for family in families {
            PrometheusText.write(family, to: &text)
        }
        return text
    }

    /// The family's series with these labels, made by `make` when new.
    private func register(
        _ name: String, help: String, kind: MetricFamily.Kind, labels: Labels, make: () -> MetricFamily.Series
    ) -> MetricFamily.Series {
        precondition(MetricName.isValid(name), "\(name) is not a Prometheus metric name")
        precondition(
            !labels.pairs.contains { $0.name == "le" } || kind != .histogram, "le is the histogram's own label")
        return families.withLock { families in
            guard let index = families.firstIndex(where: { $0.name == name }) else {
                let series = make()
                families.append(MetricFamily(name: name, help: help, kind: kind, series: [(labels, series)]))
                return series
            }
            precondition(
                families[index].kind == kind && families[index].help == help,
                "\(name) is registered already as another metric")
            if let existing = families[index].series.first(where: { $0.labels == labels }) { return existing.series }
            let series = make()
            families[index].series.append((labels, series))
            return series
        }
    }
}
