internal import CSQLite
import VestibuleCore

extension StoreError {
    /// Translates an SQLite result code into the store's vocabulary, keeping SQLite's message and extended code.
    ///
    /// SQLite's messages name tables, columns and constraints, never the values bound to a statement, so they
    /// are safe to log.
    init(sqlite code: Int32, _ database: OpaquePointer?, action: String) {
        let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        self.init(Self.code(forSQLite: code), "\(action): \(message)", backendCode: String(code))
    }

    private static func code(forSQLite code: Int32) -> Code {
        switch code {
        case VESTIBULE_SQLITE_CONSTRAINT_UNIQUE, VESTIBULE_SQLITE_CONSTRAINT_PRIMARYKEY:
            return .conflict
        case VESTIBULE_SQLITE_CONSTRAINT_FOREIGNKEY:
            // The only foreign keys point at accounts: the account a record is being attached to is missing.
            return .notFound
        default:
            // The primary result code is the low byte of an extended one.
            let primary = code & 0xFF
            return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB ? .corrupt : .unavailable
        }
    }
}
