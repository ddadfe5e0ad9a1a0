public import VestibuleMetrics

/// Every request counted by the route that answered and the class of its status, and timed by route.
///
/// The route label is the router's pattern (`/api/v1/documents/:name`), or `other` for a request no route
/// matched, never the path: a path can carry a code or a name, and a scanner's paths would make a series each.
/// The series are registered here, once, for every pattern, in an array indexed like ``Router/patterns``; a
/// request then costs an array index (no lock, no hashing of the pattern) and three relaxed atomic adds.
public struct HTTPMetrics: Sendable {
    private struct RouteSeries: Sendable {
        /// 2xx, 3xx, 4xx, 5xx. No handler answers 1xx (MHD answers `100 Continue` itself), so that class would
        /// only add a zero series per route.
        let statusClasses: [Counter]
        let duration: Histogram
    }

    static let unmatchedRoute = "other"
    private let routes: [RouteSeries]
    private let unmatched: RouteSeries

    /// - Parameter routes: the ``Router/patterns`` of the router that answers the server's requests, in its order.
    public init(registry: MetricsRegistry, routes: [String]) {
        func series(_ route: String) -> RouteSeries {
            RouteSeries(
                statusClasses: (2...5).map { digit in
                    registry.counter(
                        "vestibule_http_requests_total",
                        help: "HTTP requests answered, by route pattern and status class.",
                        labels: ["route": route, "status_class": "\(digit)xx"]
                    )
                },
                duration: registry.histogram(
                    "vestibule_http_request_duration_seconds",
                    help: "Time from the request line received to the answer queued, by route pattern.",
                    labels: ["route": route]
                )
            )
        }
        self.routes = routes.map(series)
        unmatched = series(Self.unmatchedRoute)
    }

    func observe(routeIndex: Int?, status: Int, elapsed: Duration) {
        let series = routeIndex.flatMap { routes.indices.contains($0) ? routes[$0] : nil } ?? unmatched
        series.statusClasses[min(max(status / 100, 2), 5) - 2].increment()
        series.duration.observe(elapsed)
    }
}
