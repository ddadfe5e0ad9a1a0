import VestibuleCore

/// A connection's prepared statements, keyed by their SQL, so each query is compiled once per connection.
/// The keys are the store's own fixed SQL texts (values are always bound), so the cache stays small.
struct StatementCache {
    private var statements: [String: Statement] = [:]

    /// The cached statement for `sql`, prepared on `database` the first time it is asked for.
    mutating func statement(_ sql: String, on database: OpaquePointer) throws(StoreError) -> Statement {
        if let statement = statements[sql] { return statement }
        let statement = try Statement(sql, on: database)
        statements[sql] = statement
        return statement
    }

    /// Finalizes every statement; a connection must do this before it closes.
    mutating func removeAll() {
        statements.removeAll()
    }
}
