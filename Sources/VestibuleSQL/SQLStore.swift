package import VestibuleCore

/// A ``Store`` whose operations are written once, in SQL, for every backend (`SQLStore+*.swift`).
///
/// A backend conforms by lending connections of its driver and naming its schema; its own SQL is only its
/// migrations, its ``SQLDialect`` and its `checkIntegrity()`. Calls block the calling thread.
package protocol SQLStore: Store {
    /// The backend's migrations and ledger.
    static var schema: SQLSchema { get }

    /// Runs `body` with a connection for queries (SQLite lends a reader, which cannot write).
    func read<R>(_ body: (any SQLConnection) throws(StoreError) -> R) throws(StoreError) -> R

    /// Runs `body` with a connection that may write (SQLite lends its single writer, which makes the writes of
    /// all callers one after another), outside any transaction: `body` runs one statement, which is atomic on
    /// its own, or begins a transaction itself.
    func write<R>(_ body: (any SQLConnection) throws(StoreError) -> R) throws(StoreError) -> R
}

extension SQLStore {
    /// ``read(_:)`` with errors that name `operation`.
    package func reading<R>(
        _ operation: String,
        _ body: (any SQLConnection) throws(StoreError) -> R
    ) throws(StoreError) -> R {
        try StoreError.during(operation) { () throws(StoreError) in try read(body) }
    }

    /// ``write(_:)`` with errors that name `operation`.
    @discardableResult
    func writing<R>(
        _ operation: String,
        _ body: (any SQLConnection) throws(StoreError) -> R
    ) throws(StoreError) -> R {
        try StoreError.during(operation) { () throws(StoreError) in try write(body) }
    }

    /// Runs `body` in a transaction on a connection that may write; errors name `operation`.
    func transaction<R>(
        _ operation: String,
        _ body: (any SQLConnection) throws(StoreError) -> R
    ) throws(StoreError) -> R {
        try writing(operation) { connection throws(StoreError) in
            try connection.transaction { () throws(StoreError) in try body(connection) }
        }
    }
}
