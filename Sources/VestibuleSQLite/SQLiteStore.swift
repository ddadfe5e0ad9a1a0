public import VestibuleCore
public import VestibuleMetrics
public import VestibuleSQL

/// The ``Store`` for a single Vestibule instance: one SQLite file in write-ahead-log mode.
///
/// One connection writes, behind a lock, since SQLite allows one writer at a time anyway; a pool of reader
/// connections serves lookups alongside it. The operations themselves are the shared ones of ``SQLStore``.
/// Calls block the calling thread.
///
/// `path` must name a file (not `:memory:`): readers and the writer share the database through it.
public final class SQLiteStore: SQLStore {
    /// The writer, as a pool of one: borrowing it is taking the lock that serializes writes, so transactions
    /// never wait on each other inside SQLite. A single statement outside a transaction takes SQLite's write
    /// lock as it starts, as `BEGIN IMMEDIATE` does.
    private let writer: SQLConnectionPool<SQLiteConnection>
    /// Internal for `backUp(to:progress:)`, which reads through a connection of its own type.
    let readers: SQLConnectionPool<SQLiteConnection>

    /// Opens (creating if needed) the database at `path` with `readerCount` reader connections.
    ///
    /// The directory must exist. Call ``migrate()`` before anything else.
    /// - Parameter metrics: where the pools report connections in use and operation times.
    /// - Throws: `.unavailable` naming `path` when it cannot be opened, `.corrupt` when it is not a database.
    public init(path: String, readerCount: Int = 4, metrics: MetricsRegistry = MetricsRegistry()) throws(StoreError) {
        precondition(readerCount > 0, "SQLiteStore needs at least one reader connection")
        // The writer opens first: it creates the file and switches it to WAL before any reader looks.
        writer = try SQLConnectionPool(
            size: 1, initialCount: 1, metrics: SQLPoolMetrics(registry: metrics, pool: "sqlite_writer")
        ) { () throws(StoreError) in
            try SQLiteConnection(path: path, role: .writer)
        }
        readers = try SQLConnectionPool(
            size: readerCount, initialCount: readerCount,
            metrics: SQLPoolMetrics(registry: metrics, pool: "sqlite_readers")
        ) { () throws(StoreError) in
            try SQLiteConnection(path: path, role: .reader)
        }
    }

    /// Waits for calls in progress, then closes every connection. Idempotent.
    public func close() {
        readers.close()
        writer.close()
    }

    /// Runs `PRAGMA integrity_check`: `true` when SQLite reports the single row `ok`.
    public func checkIntegrity() throws(StoreError) -> Bool {
        try reading("checkIntegrity") { connection throws(StoreError) in
            try connection.rows("PRAGMA integrity_check") { row throws(StoreError) in try row.text(0) } == ["ok"]
        }
    }

    package func read<R>(_ body: (any SQLConnection) throws(StoreError) -> R) throws(StoreError) -> R {
        try readers.withConnection(body)
    }

    package func write<R>(_ body: (any SQLConnection) throws(StoreError) -> R) throws(StoreError) -> R {
        try writer.withConnection(body)
    }
}
