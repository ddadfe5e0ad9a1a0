import VestibuleHTTP
import VestibuleMetrics

/// The one route of the metrics listener. Never installed on the public router: a path that is not routed
/// there is a 404, whatever the public listener's host or proxy.
struct MetricsRoutes: Sendable {
    static let path = "/metrics"
    let registry: MetricsRegistry

    func install(on router: inout Router) {
        router.get(Self.path) { _ in
            var response = Response(body: Array(registry.exposition().utf8))
            response.headers.replace("Content-Type", MetricsRegistry.contentType)
            response.headers.replace("Cache-Control", "no-store")
            return response
        }
    }
}
