internal import CPostgres
import VestibuleCore
import VestibuleSQL

/// A statement's result, owned: freed with `PQclear` when the last reference goes.
final class PostgresResult {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { PQclear(handle) }

    /// How many rows an INSERT, UPDATE or DELETE changed (0 for other commands).
    var changedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    /// Every row, copied out, each column read as its type.
    func rows() throws(StoreError) -> [SQLRow] {
        let columns = (0..<PQnfields(handle)).map { column in
            PQfname(handle, column).map { String(cString: $0) } ?? "#\(column)"
        }
        var rows: [SQLRow] = []
        rows.reserveCapacity(Int(PQntuples(handle)))
        for row in 0..<PQntuples(handle) {
            var values: [SQLValue] = []
            values.reserveCapacity(columns.count)
            for column in columns.indices {
                values.append(try value(row: row, column: Int32(column), named: columns[column]))
            }
            rows.append(SQLRow(values, columns: columns))
        }
        return rows
    }

    private func value(row: Int32, column: Int32, named name: String) throws(StoreError) -> SQLValue {
        guard PQgetisnull(handle, row, column) == 0 else { return .null }
        let count = Int(PQgetlength(handle, row, column))
        guard let characters = PQgetvalue(handle, row, column) else {
            throw StoreError(corruptColumn: name, "has no value")
        }
        let value = characters.withMemoryRebound(to: UInt8.self, capacity: count) {
            SQLValue(postgresText: UnsafeBufferPointer(start: $0, count: count), type: PQftype(handle, column))
        }
        guard let value else { throw StoreError(corruptColumn: name, "does not parse as its type") }
        return value
    }
}

@available(*, unavailable)
extension PostgresResult: Sendable {}
