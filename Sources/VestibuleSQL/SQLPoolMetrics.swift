package import VestibuleMetrics

/// What a connection pool reports: connections borrowed now, and how long each borrower held one (the
/// statements of one store operation, its transaction included), by pool.
package struct SQLPoolMetrics: Sendable {
    let inUse: Gauge
    let operationDuration: Histogram

    /// - Parameter pool: `sqlite_writer`, `sqlite_readers` or `postgres`: a few fixed names, never a URL.
    package init(registry: MetricsRegistry, pool: String) {
        inUse = registry.gauge(
            "vestibule_database_connections_in_use", help: "Database connections borrowed from the pool now.",
            labels: ["pool": pool]
        )
        operationDuration = registry.histogram(
            "vestibule_database_query_duration_seconds",
            help: "Time a store operation held its database connection: its statements and transaction.",
            labels: ["pool": pool]
        )
    }
}
