/// One metric name with its help, its type and its series (one per label set).
struct MetricFamily: Sendable {
    enum Kind: String, Sendable {
        case counter, gauge, histogram
    }

    enum Series: Sendable {
        case counter(Counter)
        case gauge(Gauge)
        /// Read when scraped: a value that costs nothing until someone asks (memory, live sessions).
        case sampled(@Sendable () -> Double)
        case histogram(Histogram)
    }

    let name: String
    let help: String
    let kind: Kind
    var series: [(labels: Labels, series: Series)] = []
}
