internal import CSQLite
import VestibuleCore
import VestibuleSQL

/// One SQLite connection with its cache of prepared statements.
///
/// A connection is used by one thread at a time (its pool lends it to one borrower at once), so it is opened
/// with `SQLITE_OPEN_NOMUTEX` and skips SQLite's per-call locking.
final class SQLiteConnection: SQLConnection {
    enum Role {
        /// The single connection that writes; it creates the file and switches it to WAL.
        case writer
        /// A connection that may only read (`PRAGMA query_only`), so a slip in a query cannot write behind
        /// the writer's lock.
        case reader
    }

    static let dialect: any SQLDialect = SQLiteDialect()

    /// Internal for ``SQLiteBackup``, which reads through it; only this module sees a C type.
    let handle: OpaquePointer
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
        try StoreError.during(context) { () throws(StoreError) in try configure(as: role) }
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

    /// Outside a transaction SQLite is in autocommit mode.
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    var isReusable: Bool { !isInTransaction }

    func execute(_ script: String) throws(StoreError) {
        let rc = sqlite3_exec(handle, script, nil, nil, nil)
        guard rc == SQLITE_OK else { throw StoreError(sqlite: rc, handle, action: "execute") }
    }

    func run(_ statement: String, binding values: [SQLValue]) throws(StoreError) -> Int {
        try withStatement(statement, values) { statement throws(StoreError) in
            while try statement.step() {}
            return Int(sqlite3_changes64(handle))
        }
    }

    func query(_ statement: String, binding values: [SQLValue]) throws(StoreError) -> [SQLRow] {
        try withStatement(statement, values) { statement throws(StoreError) in
            var rows: [SQLRow] = []
            while try statement.step() { rows.append(try statement.row()) }
            return rows
        }
    }

    private func withStatement<R>(
        _ sql: String,
        _ values: [SQLValue],
        _ body: (Statement) throws(StoreError) -> R
    ) throws(StoreError) -> R {
        let statement = try statements.statement(sql, on: handle)
        defer { statement.reset() }
        try statement.bind(values)
        return try body(statement)
    }
}

@available(*, unavailable)
extension SQLiteConnection: Sendable {}
