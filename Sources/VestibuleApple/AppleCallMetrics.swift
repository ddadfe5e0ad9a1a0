import VestibuleMetrics

/// Calls to Apple's endpoints counted by endpoint and outcome, and timed by endpoint: the series are resolved
/// once here, so a call only adds to a counter it already holds.
struct AppleCallMetrics: Sendable {
    enum Endpoint: String, CaseIterable, Sendable {
        case token, revoke, keys
    }

    enum Outcome: String, CaseIterable, Sendable {
        /// Apple answered 200.
        case succeeded
        /// Apple answered with an OAuth error (`invalid_grant`, …): reached, and said no.
        case rejected
        /// No answer, or one that is not Apple's protocol (a timeout, a 5xx).
        case unreachable
    }

    private let calls: [Endpoint: [Outcome: Counter]]
    private let durations: [Endpoint: Histogram]

    init(registry: MetricsRegistry) {
        var calls: [Endpoint: [Outcome: Counter]] = [:]
        var durations: [Endpoint: Histogram] = [:]
        for endpoint in Endpoint.allCases {
            for outcome in Outcome.allCases {
                calls[endpoint, default: [:]][outcome] = registry.counter(
                    "vestibule_apple_requests_total",
                    help: "Calls to Sign in with Apple's endpoints, by endpoint and outcome.",
                    labels: ["endpoint": endpoint.rawValue, "outcome": outcome.rawValue]
                )
            }
            durations[endpoint] = registry.histogram(
                "vestibule_apple_request_duration_seconds",
                help: "Time a call to Apple took, answer or not, by endpoint.",
                labels: ["endpoint": endpoint.rawValue]
            )
        }
        self.calls = calls
        self.durations = durations
    }

    func record(_ endpoint: Endpoint, _ outcome: Outcome, after elapsed: Duration) {
        calls[endpoint]?[outcome]?.increment()
        durations[endpoint]?.observe(elapsed)
    }
}
