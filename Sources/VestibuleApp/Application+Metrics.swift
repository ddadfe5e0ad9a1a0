import VestibuleCore
import VestibuleHTTP
import VestibuleHTTPServer
import VestibuleLogging
import VestibuleMetrics

/// The metrics no single part owns, and the listener that serves them all.
extension Application {
    /// Values read when scraped: the process's, live sessions (one count in the store) and open connections.
    static func registerMetrics(on metrics: MetricsRegistry, sessions: SessionManager, server: HTTPServer) {
        ProcessMetrics.register(on: metrics)
        metrics.gauge(
            "vestibule_sessions_live", help: "Sessions that can still be used: not expired, not idle too long."
        ) {
            // NaN when the database does not answer: a gap in the graph, not a fall to zero.
            (try? sessions.liveCount()).map(Double.init) ?? .nan
        }
        metrics.gauge(
            "vestibule_http_open_connections",
            help: "Connections open to the public listener, idle keep-alive ones included."
        ) {
            Double(server.openConnections)
        }
    }

    /// The second listener, serving only `GET /metrics`, when `metrics-port` is set. One worker and a few
    /// connections: its clients are a Prometheus or two.
    static func makeMetricsServer(_ configuration: Configuration, metrics: MetricsRegistry, logger: Logger)
        -> HTTPServer?
    {
        guard let port = configuration.metricsPort else { return nil }
        var server = HTTPServer.Configuration()
        server.host = configuration.effectiveMetricsHost
        server.port = port
        server.threadPoolSize = 2
        server.maxConnections = 16
        var router = Router(logger: logger)
        MetricsRoutes(registry: metrics).install(on: &router)
        return HTTPServer(configuration: server, logger: logger, handler: router.respond)
    }
}
