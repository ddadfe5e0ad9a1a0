internal import CSQLite
import VestibuleCore

/// One SQLite connection with its cache of prepared statements.
///
/// A connection is used by one thread at a time (the store hands it out under the writer lock or through the
/// reader pool), so it is opened with `SQLITE_OPEN_NOMUTEX` and skips SQLite's per-call locking.
final class Connection {
    enum Role {
        /// The single connection that writes; it creates the file and switches it to WAL.
        case writer
        /// A connection that may only read (`PRAGMA query_only`), so a slip in a query cannot write behind
        /// the writer's lock.
        case reader
    }

    private let handle: OpaquePointer
    private var statements = StatementCache()

    /// Opens the database at `path`. Failures name the path: it is configuration, not a secret.
    init(path: String, role: Role) throws(StoreError) {
        let context = "cannot open the database at \(path)"
        var raw: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let rc = sqlite3_open_v2(path, &raw, flags, nil)
        guard rc == SQLITE_OK, let raw else {
            // SQLite allocates a handle even when opening fails: read its message, then close it.
            let error = StoreError(sqlite: rc, raw, action: context)
            sqlite3_close_v2(raw)
            throw error
        }
        handle = raw
        // If configuring fails, deinit still runs and closes the handle.
        do throws(StoreError) {
            try configure(as: role)
        } catch {
            throw error.during(context)
        }
    }

    deinit {
        // Statements first: SQLite cannot fully close a connection that still has prepared statements.
        // With none left, sqlite3_close_v2 closes at once; it reports failure only for an invalid handle.
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    private func configure(as role: Role) throws(StoreError) {
        // Waiting up to 5 s for a lock held by another process (a backup, the sqlite3 shell) beats failing.
        let rc = sqlite3_busy_timeout(handle, 5000)
        guard rc == SQLITE_OK else { throw StoreError(sqlite: rc, handle, action: "set busy timeout") }
        switch role {
        case .writer:
            // WAL lets readers run alongside the writer; it is a property of the file, so the writer sets it.
            let mode = try firstRow("PRAGMA journal_mode = WAL") { row throws(StoreError) in try row.text(0) }
            guard mode == "wal" else {
                throw StoreError(.unavailable, "write-ahead logging is unavailable (journal mode \(mode ?? "unknown"))")
            }
            // In WAL mode NORMAL is durable against crashes of Vestibule, and loses at most the last commits
            // on power loss, for about 7x the write throughput of FULL. Foreign keys are a per-connection
            // setting, off by default: the connection that writes enforces them (and their cascades).
            try execute("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
        case .reader:
            try execute("PRAGMA query_only = ON")
        }
    }

    /// Runs one or more SQL statements that bind no values and return no rows (pragmas, migrations).
    func execute(_ sql: String) throws(StoreError) {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw StoreError(sqlite: rc, handle, action: "execute") }
    }

    /// Runs a statement that returns no rows and returns how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ values: [any SQLBindable] = []) throws(StoreError) -> Int {
        try withStatement(sql, values) { statement throws(StoreError) in
            while try statement.step() != nil {}
            return Int(sqlite3_changes64(handle))
        }
    }

    /// Every row of a query, each decoded by `decode`.
    func rows<T>(
        _ sql: String,
        _ values: [any SQLBindable] = [],
        _ decode: (Row) throws(StoreError) -> T
    ) throws(StoreError) -> [T] {
        try withStatement(sql, values) { statement throws(StoreError) in
            var results: [T] = []
            while let row = try statement.step() { results.append(try decode(row)) }
            return results
        }
    }

    /// The first row of a query decoded by `decode`, or `nil` when it returns no rows.
    func firstRow<T>(
        _ sql: String,
        _ values: [any SQLBindable] = [],
        _ decode: (Row) throws(StoreError) -> T
    ) throws(StoreError) -> T? {
        try withStatement(sql, values) { statement throws(StoreError) in
            try statement.step().map { row throws(StoreError) in try decode(row) }
        }
    }

    /// Runs `body` in a transaction that takes the write lock at once, so it never fails half-way for want
    /// of it; commits when `body` returns and rolls back when it throws.
    func transaction<R>(_ body: (Connection) throws(StoreError) -> R) throws(StoreError) -> R {
        try execute("BEGIN IMMEDIATE")
        do throws(StoreError) {
            let result = try body(self)
            try execute("COMMIT")
            return result
        } catch {
            // Some failures already ended the transaction; roll back only if one is still open. A failing
            // rollback is ignored so the error that matters (the first one) reaches the caller.
            if sqlite3_get_autocommit(handle) == 0 {
                _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            }
            throw error
        }
    }

    private func withStatement<R>(
        _ sql: String,
        _ values: [any SQLBindable],
        _ body: (Statement) throws(StoreError) -> R
    ) throws(StoreError) -> R {
        let statement = try statements.statement(sql, on: handle)
        defer { statement.reset() }
        try statement.bind(values)
        return try body(statement)
    }
}

@available(*, unavailable)
extension Connection: Sendable {}
