internal import CSQLite
import VestibuleCore
import VestibuleSQL

/// A prepared statement; belongs to one connection and is used by one thread at a time.
final class Statement {
    private let handle: OpaquePointer
    /// The result's column names, read once: every row of every run shares them.
    private let columns: [String]

    /// Prepares `sql` on `database` for repeated use (statements live in a connection's ``StatementCache``).
    init(_ sql: String, on database: OpaquePointer) throws(StoreError) {
        var raw: OpaquePointer?
        let rc = sqlite3_prepare_v3(database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard rc == SQLITE_OK, let raw else {
            sqlite3_finalize(raw)  // a no-op on NULL; SQLite leaves it NULL on failure
            throw StoreError(sqlite: rc, database, action: "prepare")
        }
        handle = raw
        columns = (0..<sqlite3_column_count(raw)).map { column in
            sqlite3_column_name(raw, column).map { String(cString: $0) } ?? "#\(column)"
        }
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` to the statement's parameters, in order.
    func bind(_ values: [SQLValue]) throws(StoreError) {
        precondition(
            values.count == Int(sqlite3_bind_parameter_count(handle)),
            "statement expects \(sqlite3_bind_parameter_count(handle)) values, got \(values.count)"
        )
        for (offset, value) in values.enumerated() {
            let rc = bind(value, at: Int32(offset + 1))
            guard rc == SQLITE_OK else { throw StoreError(sqlite: rc, sqlite3_db_handle(handle), action: "bind") }
        }
    }

    /// Advances to the next row and returns whether there is one; ``row()`` reads it.
    func step() throws(StoreError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let rc: throw StoreError(sqlite: rc, sqlite3_db_handle(handle), action: "execute")
        }
    }

    /// Copies out the row ``step()`` reached.
    func row() throws(StoreError) -> SQLRow {
        var values: [SQLValue] = []
        values.reserveCapacity(columns.count)
        for column in columns.indices {
            values.append(try value(at: Int32(column)))
        }
        return SQLRow(values, columns: columns)
    }

    /// Makes the statement ready for its next use and releases the copies of the bound values (which may be
    /// secrets, such as token hashes) instead of keeping them until the next bind.
    func reset() {
        // sqlite3_reset repeats the error of the last step, which `step()` has already thrown;
        // sqlite3_clear_bindings cannot fail.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    private func bind(_ value: SQLValue, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(handle, index)
        case .integer(let integer):
            return sqlite3_bind_int64(handle, index, integer)
        case .text(let text):
            // `utf8CString` always has a base address (its terminating NUL), so "" binds as empty text, not
            // NULL; passing the length keeps any embedded NUL.
            return text.utf8CString.withUnsafeBufferPointer { chars in
                sqlite3_bind_text(handle, index, chars.baseAddress, Int32(chars.count - 1), transient)
            }
        case .blob(let bytes):
            return bytes.withUnsafeBytes { bytes in
                // An empty array may have no base address, and a NULL blob pointer would bind SQL NULL.
                guard let base = bytes.baseAddress else { return sqlite3_bind_zeroblob(handle, index, 0) }
                return sqlite3_bind_blob(handle, index, base, Int32(bytes.count), transient)
            }
        }
    }

    private func value(at column: Int32) throws(StoreError) -> SQLValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_NULL:
            return .null
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_TEXT:
            // sqlite3_column_bytes must come after sqlite3_column_text, which may convert the value.
            let characters = sqlite3_column_text(handle, column)
            let count = Int(sqlite3_column_bytes(handle, column))
            return .text(String(decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            // An empty blob comes back as a NULL pointer with zero bytes.
            guard let bytes = sqlite3_column_blob(handle, column) else { return .blob([]) }
            let count = Int(sqlite3_column_bytes(handle, column))
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            // A floating-point value: no Vestibule column holds one.
            throw StoreError(corruptColumn: columns[Int(column)], "has an unexpected type")
        }
    }
}

/// Tells SQLite to copy bound text and blobs, because Swift's buffers only live for the duration of the call.
/// The C macro `SQLITE_TRANSIENT` is `((sqlite3_destructor_type)-1)`, which Swift cannot import.
private var transient: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }

@available(*, unavailable)
extension Statement: Sendable {}
