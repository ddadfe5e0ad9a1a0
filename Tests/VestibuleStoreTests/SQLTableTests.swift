import Testing
import VestibuleCore
@testable import VestibuleSQL

/// `vestibule copy-data` moves the tables ``SQLTable/all`` lists: the list must name every table and column of
/// both schemas, with the kind of value each holds, or a migration's new column would be left behind.
@Suite("Copied tables")
struct SQLTableTests {
    @Test(arguments: StoreBackend.allCases)
    func theCopiedTablesAreExactlyTheSchemasTables(backend: StoreBackend) throws {
        try backend.withStore { store in
            let listed = Dictionary(
                uniqueKeysWithValues: (SQLTable.all + [SQLTable.ledger]).map { table in
                    (table.name, table.columns.map { "\($0.name) \($0.type)" })
                }
            )
            let sqlStore = try #require(store as? any SQLStore)
            let described = try sqlStore.read { connection throws(StoreError) in
                try connection.rows(backend.columnsQuery) { row throws(StoreError) in
                    (try row.text(0), try row.text(1), try row.text(2))
                }
            }
            var schema: [String: [String]] = [:]
            for (table, column, declared) in described {
                schema[table, default: []].append("\(column) \(Self.kind(of: declared))")
            }
            #expect(schema == listed)
        }
    }

    /// The kind of value a declared column type holds, as ``SQLType`` names it.
    private static func kind(of declared: String) -> String {
        switch declared.lowercased() {
        case "integer", "bigint": "integer"
        case "text": "text"
        case "blob", "bytea": "blob"
        default: "unexpected \(declared)"
        }
    }
}

extension StoreBackend {
    /// Every table's columns with their declared types, in column order; without PostgreSQL's `seq`, which
    /// stands in for SQLite's `rowid` and is never copied.
    fileprivate var columnsQuery: SQL {
        switch self {
        case .sqlite:
            """
            SELECT m.name, p.name, p.type FROM sqlite_master AS m JOIN pragma_table_info(m.name) AS p
            WHERE m.type = 'table' ORDER BY m.name, p.cid
            """
        case .postgres:
            """
            SELECT table_name::text, column_name::text, data_type::text FROM information_schema.columns
            WHERE table_schema = current_schema() AND column_name <> 'seq' ORDER BY table_name, ordinal_position
            """
        }
    }
}
