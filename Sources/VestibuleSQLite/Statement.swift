internal import CSQLite
import VestibuleCore

/// A prepared statement; belongs to one connection and is used by one thread at a time.
final class Statement {
    private let handle: OpaquePointer

    /// Prepares `sql` on `database` for repeated use (statements live in a connection's ``StatementCache``).
    init(_ sql: String, on database: OpaquePointer) throws(StoreError) {
        var raw: OpaquePointer?
        let rc = sqlite3_prepare_v3(database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard rc == SQLITE_OK, let raw else {
            sqlite3_finalize(raw)  // a no-op on NULL; SQLite leaves it NULL on failure
            throw StoreError(sqlite: rc, database, action: "prepare")
        }
        handle = raw
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` to the statement's parameters, in order.
    func bind(_ values: [any SQLBindable]) throws(StoreError) {
        precondition(
            values.count == Int(sqlite3_bind_parameter_count(handle)),
            "statement expects \(sqlite3_bind_parameter_count(handle)) values, got \(values.count)"
        )
        for (offset, value) in values.enumerated() {
            let rc = value.bind(to: handle, at: Int32(offset + 1))
            guard rc == SQLITE_OK else { throw StoreError(sqlite: rc, sqlite3_db_handle(handle), action: "bind") }
        }
    }

    /// Advances to the next row, or returns `nil` when the statement has finished.
    /// The row is valid until the next call to `step()` or `reset()`.
    func step() throws(StoreError) -> Row? {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return Row(handle)
        case SQLITE_DONE: return nil
        case let rc: throw StoreError(sqlite: rc, sqlite3_db_handle(handle), action: "execute")
        }
    }

    /// Makes the statement ready for its next use and releases the copies of the bound values (which may be
    /// secrets, such as token hashes) instead of keeping them until the next bind.
    func reset() {
        // sqlite3_reset repeats the error of the last step, which `step()` has already thrown;
        // sqlite3_clear_bindings cannot fail.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }
}

@available(*, unavailable)
extension Statement: Sendable {}
