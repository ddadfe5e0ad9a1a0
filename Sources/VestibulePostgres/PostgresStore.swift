public import VestibuleCore
public import VestibuleMetrics
public import VestibuleSQL

/// The ``Store`` for several Vestibule instances sharing one PostgreSQL database, through libpq.
///
/// A pool of up to `poolSize` connections, each with its own prepared statements; operations of more than
/// one statement run in a transaction. The operations themselves are the shared ones of ``SQLStore``. Calls
/// block the calling thread.
///
/// PostgreSQL runs at READ COMMITTED: every compare-and-swap is a single `UPDATE` or `DELETE` whose `WHERE`
/// holds the expectation, so a concurrent writer of the same row makes it wait and re-check the row as
/// committed, and exactly one of two racing callers wins.
public final class PostgresStore: SQLStore {
    private let pool: SQLConnectionPool<PostgresConnection>

    /// Connects to `url` (`postgres://user:password@host:port/database`, any URI libpq accepts).
    ///
    /// One connection is opened at once, the others when concurrent calls need them. Call ``migrate()``
    /// before anything else. The password in `url` never appears in errors.
    /// - Parameter metrics: where the pool reports connections in use and operation times.
    /// - Throws: `.unavailable` when the URL is not a `postgres://` URL or the server cannot be reached.
    public init(url: String, poolSize: Int = 8, metrics: MetricsRegistry = MetricsRegistry()) throws(StoreError) {
        precondition(poolSize > 0, "PostgresStore needs at least one connection")
        guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
            throw StoreError(.unavailable, "the database URL must start with postgres:// or postgresql://")
        }
        let secret = ConnectionSecret(url: url)
        pool = try SQLConnectionPool(
            size: poolSize, initialCount: 1, metrics: SQLPoolMetrics(registry: metrics, pool: "postgres")
        ) { () throws(StoreError) in
            try PostgresConnection(url: url, secret: secret)
        }
    }

    /// Waits for calls in progress, then closes every connection. Idempotent.
    public func close() {
        pool.close()
    }

    /// PostgreSQL has no counterpart of SQLite's `PRAGMA integrity_check` (its storage checks are page
    /// checksums and `amcheck`, both for operators): `true` when the server answers `SELECT 1` and the
    /// schema version is one this build knows.
    public func checkIntegrity() throws(StoreError) -> Bool {
        try reading("checkIntegrity") { connection throws(StoreError) in
            let answer = try connection.firstRow("SELECT 1") { row throws(StoreError) in try row.integer(0) }
            let version = try Self.schema.appliedVersion(on: connection)
            return answer == 1 && version <= Self.schema.latestVersion
        }
    }

    /// Any pooled connection: each statement outside a transaction commits on its own.
    package func read<R>(_ body: (any SQLConnection) throws(StoreError) -> R) throws(StoreError) -> R {
        try pool.withConnection(body)
    }

    package func write<R>(_ body: (any SQLConnection) throws(StoreError) -> R) throws(StoreError) -> R {
        try pool.withConnection(body)
    }
}
