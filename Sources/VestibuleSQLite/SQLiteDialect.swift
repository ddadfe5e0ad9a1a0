import VestibuleSQL

/// SQLite 3.37 or later (for `STRICT` tables), as Debian 12 and Ubuntu 22.04 ship it.
struct SQLiteDialect: SQLDialect {
    /// Parameters bind by position; SQLite takes each value's type from the value.
    func placeholder(_ position: Int, _ type: SQLType) -> String { "?" }

    /// Takes the write lock at once, so a transaction never fails half-way for want of it.
    var beginTransaction: String { "BEGIN IMMEDIATE" }

    func spelling(of word: SQLWord) -> String {
        switch word {
        case .greatest: "max"  // the scalar max() of two arguments
        case .isDistinctFrom: "IS NOT"  // NULL-safe in SQLite; its IS DISTINCT FROM only arrived in 3.39
        case .insertionOrder: "rowid"
        case .forUpdate: ""  // BEGIN IMMEDIATE already holds the whole database's write lock
        }
    }
}
