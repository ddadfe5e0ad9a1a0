public import VestibuleCore
import Synchronization

/// The ``Store`` for a single Vestibule instance: one SQLite file in write-ahead-log mode.
///
/// One connection writes, behind a lock, since SQLite allows one writer at a time anyway; a pool of reader
/// connections serves lookups alongside it. Calls block the calling thread.
///
/// `path` must name a file (not `:memory:`): readers and the writer share the database through it.
public final class SQLiteStore: Store {
    /// `nil` once the store is closed. The lock also serializes writes, so transactions never wait on each
    /// other inside SQLite.
    private let writer: Mutex<Connection?>
    private let readers: ConnectionPool

    /// Opens (creating if needed) the database at `path` with `readerCount` reader connections.
    ///
    /// The directory must exist. Call ``migrate()`` before anything else.
    /// - Throws: `.unavailable` naming `path` when it cannot be opened, `.corrupt` when it is not a database.
    public init(path: String, readerCount: Int = 4) throws(StoreError) {
        precondition(readerCount > 0, "SQLiteStore needs at least one reader connection")
        // The writer opens first: it creates the file and switches it to WAL before any reader looks.
        writer = Mutex(try Connection(path: path, role: .writer))
        readers = try ConnectionPool(path: path, count: readerCount)
    }

    /// Waits for calls in progress, then closes every connection. Idempotent.
    public func close() {
        readers.close()
        writer.withLock { $0 = nil }
    }

    /// Runs `body` with a reader connection; errors name `operation`.
    func read<R: Sendable>(
        _ operation: String,
        _ body: (Connection) throws(StoreError) -> R
    ) throws(StoreError) -> R {
        do throws(StoreError) {
            return try readers.withConnection(body)
        } catch {
            throw error.during(operation)
        }
    }

    /// Runs `body` in a transaction on the writer connection; errors name `operation`.
    @discardableResult
    func write<R: Sendable>(
        _ operation: String,
        _ body: (Connection) throws(StoreError) -> R
    ) throws(StoreError) -> R {
        try withWriter(operation) { connection throws(StoreError) in try connection.transaction(body) }
    }

    /// Runs `body` with the writer connection, outside any transaction; errors name `operation`.
    func withWriter<R: Sendable>(
        _ operation: String,
        _ body: (Connection) throws(StoreError) -> R
    ) throws(StoreError) -> R {
        do throws(StoreError) {
            return try writer.withLock { slot throws(StoreError) -> R in
                guard let connection = slot else { throw StoreError.closed }
                return try body(connection)
            }
        } catch {
            throw error.during(operation)
        }
    }
}
