public import VestibuleCore

/// The ``Store`` for several Vestibule instances sharing one PostgreSQL database, through libpq.
///
/// A pool of up to `poolSize` connections, each with its own prepared statements; operations of more than
/// one statement run in a transaction. Calls block the calling thread.
///
/// PostgreSQL runs at READ COMMITTED: every compare-and-swap is a single `UPDATE` or `DELETE` whose `WHERE`
/// holds the expectation, so a concurrent writer of the same row makes it wait and re-check the row as
/// committed, and exactly one of two racing callers wins.
public final class PostgresStore: Store {
    private let pool: PostgresConnectionPool

    /// Connects to `url` (`postgres://user:password@host:port/database`, any URI libpq accepts).
    ///
    /// One connection is opened at once, the others when concurrent calls need them. Call ``migrate()``
    /// before anything else. The password in `url` never appears in errors.
    /// - Throws: `.unavailable` when the URL is not a `postgres://` URL or the server cannot be reached.
    public init(url: String, poolSize: Int = 8) throws(StoreError) {
        precondition(poolSize > 0, "PostgresStore needs at least one connection")
        guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
            throw StoreError(.unavailable, "the database URL must start with postgres:// or postgresql://")
        }
        pool = try PostgresConnectionPool(url: url, secret: ConnectionSecret(url: url), size: poolSize)
    }

    /// Waits for calls in progress, then closes every connection. Idempotent.
    public func close() {
        pool.close()
    }

    /// Runs `body` with a pooled connection, outside any transaction (each statement commits on its own);
    /// errors name `operation`.
    func withConnection<R>(
        _ operation: String,
        _ body: (PostgresConnection) throws(StoreError) -> R
    ) throws(StoreError) -> R {
        do throws(StoreError) {
            return try pool.withConnection(body)
        } catch {
            throw error.during(operation)
        }
    }

    /// Runs `body` in a transaction on a pooled connection; errors name `operation`.
    func transaction<R>(
        _ operation: String,
        _ body: (PostgresConnection) throws(StoreError) -> R
    ) throws(StoreError) -> R {
        try withConnection(operation) { connection throws(StoreError) in try connection.transaction(body) }
    }
}
