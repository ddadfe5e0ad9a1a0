package import VestibuleCore

/// One connection to a database, as the shared store operations use it; each driver implements it over its C
/// library.
///
/// A connection is used by one thread at a time (``SQLConnectionPool`` lends it to one borrower at once), so
/// implementations are not `Sendable`.
package protocol SQLConnection: AnyObject {
    /// How this connection's database spells what the shared statements leave open.
    static var dialect: any SQLDialect { get }

    /// Whether a transaction is open (begun and neither committed nor rolled back).
    var isInTransaction: Bool { get }
    /// Whether the connection can be lent again: still usable, and outside any transaction.
    var isReusable: Bool { get }

    /// Runs SQL that binds no values and whose rows are not read, possibly several statements (a migration).
    func execute(_ script: String) throws(StoreError)
    /// Runs one statement with `values` bound to its placeholders, in order, and returns how many rows it
    /// inserted, updated or deleted.
    func run(_ statement: String, binding values: [SQLValue]) throws(StoreError) -> Int
    /// Runs one statement with `values` bound to its placeholders, in order, and returns every row.
    func query(_ statement: String, binding values: [SQLValue]) throws(StoreError) -> [SQLRow]
}

extension SQLConnection {
    /// Runs a statement that returns no rows and returns how many rows it changed.
    @discardableResult
    package func run(_ sql: SQL) throws(StoreError) -> Int {
        let (statement, values) = sql.rendered(in: Self.dialect)
        return try run(statement, binding: values)
    }

    /// Every row of a query, each decoded by `decode`.
    package func rows<T>(_ sql: SQL, _ decode: (SQLRow) throws(StoreError) -> T) throws(StoreError) -> [T] {
        let (statement, values) = sql.rendered(in: Self.dialect)
        return try query(statement, binding: values).map(decode)
    }

    /// The first row of a query decoded by `decode`, or `nil` when it returns no rows.
    package func firstRow<T>(_ sql: SQL, _ decode: (SQLRow) throws(StoreError) -> T) throws(StoreError) -> T? {
        let (statement, values) = sql.rendered(in: Self.dialect)
        return try query(statement, binding: values).first.map(decode)
    }

    /// Runs `body` in a transaction; commits when it returns and rolls back when it throws.
    package func transaction<R>(_ body: () throws(StoreError) -> R) throws(StoreError) -> R {
        try execute(Self.dialect.beginTransaction)
        do throws(StoreError) {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // Some failures already ended the transaction; roll back only if one is still open. A failing
            // rollback is ignored so the error that matters (the first one) reaches the caller; a connection
            // left inside a transaction is not reusable, and its pool closes it.
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }
}
