package import VestibuleCore

/// A table as `vestibule copy-data` moves it between databases: its columns, with the kind of value each
/// holds, and the key that pages through its rows. ``all`` lists every table.
///
/// The columns are those both backends' schemas have. PostgreSQL's `seq` (its stand-in for SQLite's `rowid`)
/// is not one of them: a database numbers rows itself, in the order they are inserted.
package struct SQLTable: Sendable {
    package struct Column: Sendable {
        let name: String
        let type: SQLType
    }

    package let name: String
    let columns: [Column]
    /// The positions in ``columns`` of the primary key, or of the unique key of a table that has none: pages
    /// are read in its order.
    private let key: [Int]
    /// Whether the store breaks ties in this table's lists by insertion order (``SQLWord/insertionOrder``):
    /// such a table is copied in that order, so the target lists its rows as the source did.
    let keepsInsertionOrder: Bool

    init(_ name: String, key: [String], keepsInsertionOrder: Bool = false, _ columns: [(String, SQLType)]) {
        self.name = name
        self.columns = columns.map { Column(name: $0.0, type: $0.1) }
        self.key = key.map { name in
            guard let index = columns.firstIndex(where: { $0.0 == name }) else {
                preconditionFailure("the key column \(name) is not a column of the table")
            }
            return index
        }
        self.keepsInsertionOrder = keepsInsertionOrder
    }

    /// Table and column names are the fixed identifiers of ``all``, never input: spliced in as SQL text.
    private var table: SQL { SQL(stringLiteral: name) }
    private var columnList: SQL { SQL(stringLiteral: columns.map(\.name).joined(separator: ", ")) }

    /// How many rows hold `value` in any text column: what remains of a person (an account ID, an Apple
    /// `sub`, an email address) after their account is deleted should be none.
    package func rows(holding value: String, on connection: any SQLConnection) throws(StoreError) -> Int {
        let textColumns = columns.filter { $0.type == .text }.map(\.name)
        guard !textColumns.isEmpty else { return 0 }
        var total = 0
        for column in textColumns {
            let name = SQL(stringLiteral: column)
            total += Int(
                try connection.firstRow("SELECT count(*) FROM \(table) WHERE \(name) = \(value)") { row throws(StoreError) in
                    try row.integer(0)
                } ?? 0
            )
        }
        return total
    }

    func count(on connection: any SQLConnection) throws(StoreError) -> Int {
        Int(try connection.firstRow("SELECT count(*) FROM \(table)") { row throws(StoreError) in try row.integer(0) } ?? 0)
    }

    func isEmpty(on connection: any SQLConnection) throws(StoreError) -> Bool {
        try connection.firstRow("SELECT 1 FROM \(table) LIMIT 1") { _ in true } == nil
    }

    func deleteAll(on connection: any SQLConnection) throws(StoreError) {
        try connection.run("DELETE FROM \(table)")
    }

    /// Inserts `rows` (each the values of ``columns``, in order) in one statement.
    func insert(_ rows: [[SQLValue]], on connection: any SQLConnection) throws(StoreError) {
        guard !rows.isEmpty else { return }
        let tuples = rows.map { values -> SQL in
            let parameters = zip(values, columns).map { value, column -> SQL in "\(value, as: column.type)" }
            return "(\(SQL(joining: parameters, separator: ", ")))"
        }
        try connection.run("INSERT INTO \(table) (\(columnList)) VALUES \(SQL(joining: tuples, separator: ", "))")
    }

    /// Reads every row in pages of up to `size` and passes each page to `body` as the values of ``columns``.
    /// In insertion order when `inInsertionOrder` and the table ``keepsInsertionOrder``, otherwise in key
    /// order. Each page starts after the last row of the one before, so none rereads what came before it.
    func forEachPage(
        on connection: any SQLConnection,
        size: Int,
        inInsertionOrder: Bool,
        _ body: ([[SQLValue]]) throws(StoreError) -> Void
    ) throws(StoreError) {
        let byInsertion = inInsertionOrder && keepsInsertionOrder
        // The insertion order is read as one more column after the copied ones, to continue from.
        let selected: SQL = byInsertion ? "\(columnList), \(.insertionOrder)" : columnList
        let order: SQL = byInsertion
            ? "\(.insertionOrder)"
            : SQL(stringLiteral: key.map { columns[$0].name }.joined(separator: ", "))
        var after: SQL = ""
        while true {
            let page = try connection.rows(
                "SELECT \(selected) FROM \(table) \(after) ORDER BY \(order) LIMIT \(Int64(size))"
            ) { row in row.values }
            guard let last = page.last else { return }
            try body(byInsertion ? page.map { Array($0.prefix(columns.count)) } : page)
            guard page.count == size else { return }
            let cursor: [SQL] = byInsertion
                ? ["\(last[columns.count], as: .integer)"]
                : key.map { "\(last[$0], as: columns[$0].type)" }
            after = "WHERE (\(order)) > (\(SQL(joining: cursor, separator: ", ")))"
        }
    }
}
