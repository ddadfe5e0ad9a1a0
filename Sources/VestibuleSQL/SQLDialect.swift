/// How one database spells what the shared statements (`SQLStore+*.swift`) leave to it.
///
/// Everything else is written once and accepted as written by both SQLite and PostgreSQL:
/// `INSERT … ON CONFLICT … DO UPDATE SET … = excluded.…`, `UPDATE … RETURNING`, `coalesce`.
package protocol SQLDialect: Sendable {
    /// The placeholder for the `position`th parameter (1-based) of a statement, which binds a value of `type`.
    func placeholder(_ position: Int, _ type: SQLType) -> String
    /// The statement that begins ``SQLConnection/transaction(_:)``.
    var beginTransaction: String { get }
    func spelling(of word: SQLWord) -> String
}

/// The words a shared statement leaves to the dialect (`\(.greatest)` in an ``SQL`` literal).
package enum SQLWord: Sendable {
    /// The function that returns the larger of its two arguments.
    case greatest
    /// The comparison that is true when its operands differ, treating NULL as a value (`x ≠ NULL` is true).
    case isDistinctFrom
    /// The column that orders a table's rows by insertion, to break ties between equal timestamps.
    case insertionOrder
    /// Ends a `SELECT` inside a transaction: the rows it reads stay locked until the transaction ends, so a
    /// concurrent transaction that would change them waits for it.
    case forUpdate
}
