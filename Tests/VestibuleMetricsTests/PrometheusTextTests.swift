import Testing
@testable import VestibuleMetrics

/// The text exposition format 0.0.4 as Prometheus parses it: https://prometheus.io/docs/instrumenting/exposition_formats/
@Suite struct PrometheusTextTests {
    @Test func counterIsWrittenWithHelpTypeAndLabels() {
        let registry = MetricsRegistry()
        let counter = registry.counter(
            "vestibule_things_total", help: "Things done.", labels: ["kind": "a", "outcome": "ok"])
        counter.increment()
        counter.increment(by: 2)
        #expect(
            registry.exposition() == """
                # HELP vestibule_things_total Things done.
                # TYPE vestibule_things_total counter
                vestibule_things_total{kind="a",outcome="ok"} 3

                """
        )
    }

    @Test func seriesOfOneNameShareOneHelpAndTypeInRegistrationOrder() {
        let registry = MetricsRegistry()
        registry.counter("a_total", help: "A.", labels: ["x": "2"]).increment()
        _ = registry.gauge("b", help: "B.")
        _ = registry.counter("a_total", help: "A.", labels: ["x": "1"])
        #expect(
            registry.exposition() == """
                # HELP a_total A.
                # TYPE a_total counter
                a_total{x="2"} 1
                a_total{x="1"} 0
                # HELP b B.
                # TYPE b gauge
                b 0

                """
        )
    }

    @Test func registeringTheSameSeriesAgainReturnsIt() {
        let registry = MetricsRegistry()
        registry.counter("a_total", help: "A.", labels: ["x": "1"]).increment()
        registry.counter("a_total", help: "A.", labels: ["x": "1"]).increment()
        #expect(registry.exposition().contains("a_total{x=\"1\"} 2\n"))
    }

    /// Backslash, double quote and line feed in a label value; backslash and line feed in help, where a quote
    /// stays as it is.
    @Test func labelValuesAndHelpAreEscaped() {
        let registry = MetricsRegistry()
        _ = registry.gauge("g", help: "Says \"hi\" \\ then\nmore.", labels: ["v": "a\\b\"c\nd"])
        #expect(
            registry.exposition() == """
                # HELP g Says "hi" \\\\ then\\nmore.
                # TYPE g gauge
                g{v="a\\\\b\\"c\\nd"} 0

                """
        )
    }

    @Test func histogramWritesCumulativeBucketsSumAndCount() {
        let registry = MetricsRegistry()
        let histogram = registry.histogram("d_seconds", help: "D.", labels: ["route": "/x"], upperBounds: [0.01, 1])
        histogram.observe(.milliseconds(5))
        histogram.observe(.milliseconds(10))  // on the bound: counted in it (le is "less or equal")
        histogram.observe(.milliseconds(500))
        histogram.observe(.seconds(3))
        #expect(
            registry.exposition() == """
                # HELP d_seconds D.
                # TYPE d_seconds histogram
                d_seconds_bucket{route="/x",le="0.01"} 2
                d_seconds_bucket{route="/x",le="1"} 3
                d_seconds_bucket{route="/x",le="+Inf"} 4
                d_seconds_sum{route="/x"} 3.515
                d_seconds_count{route="/x"} 4

                """
        )
    }

    @Test func sampledGaugeIsReadAtEachScrape() {
        let registry = MetricsRegistry()
        let gauge = Gauge()
        registry.gauge("live", help: "Live.") { Double(gauge.value) }
        #expect(registry.exposition().hasSuffix("live 0\n"))
        gauge.increment()
        gauge.increment()
        #expect(registry.exposition().hasSuffix("live 2\n"))
    }

    @Test(arguments: [
        (0.005, "0.005"), (1, "1"), (1e-05, "1e-05"), (-2, "-2"), (Double.infinity, "+Inf"), (-Double.infinity, "-Inf"),
        (Double.nan, "NaN"), (1.5e20, "1.5e+20"),
    ])
    func numbersAreWrittenInGoSyntax(_ value: Double, _ text: String) {
        #expect(PrometheusText.number(value) == text)
    }

    @Test func histogramTimesAThrowingBody() {
        struct Failure: Error {}
        let histogram = Histogram(upperBounds: [1])
        #expect(throws: Failure.self) { try histogram.time { () throws(Failure) in throw Failure() } }
        #expect(histogram.snapshot.cumulative == [1, 1])
    }

    @Test(arguments: ["vestibule_x", "a:b", "_x", "X9"])
    func acceptsMetricNames(_ name: String) {
        #expect(MetricName.isValid(name))
    }

    @Test(arguments: ["", "9x", "a-b", "a b", "é"])
    func refusesMetricNames(_ name: String) {
        #expect(!MetricName.isValid(name))
    }

    @Test func labelNamesRefuseColonsAndTheReservedPrefix() {
        #expect(MetricName.isValidLabel("route"))
        #expect(!MetricName.isValidLabel("a:b"))
        #expect(!MetricName.isValidLabel("__name"))
    }
}
