package import Foundation
package import VestibuleCore

/// One row of a result, copied out of the driver, read by 0-based column index.
///
/// Readers for required values fail with `.corrupt` when the column holds NULL or a value of another kind:
/// the schemas forbid both, so either means the database was changed behind Vestibule's back.
package struct SQLRow: Sendable {
    /// The values as the driver read them, in column order: for what moves rows without decoding them
    /// (`vestibule copy-data`).
    package let values: [SQLValue]
    /// The result's column names, for errors; shared by every row of a result.
    private let columns: [String]

    package init(_ values: [SQLValue], columns: [String]) {
        self.values = values
        self.columns = columns
    }

    /// The columns from `first` on, as a row of their own: the second of two records one statement read.
    package func columns(from first: Int) -> SQLRow {
        SQLRow(Array(values[first...]), columns: Array(columns[first...]))
    }

    package func text(_ column: Int) throws(StoreError) -> String {
        guard case .text(let text) = values[column] else { throw mismatch(column) }
        return text
    }

    package func optionalText(_ column: Int) throws(StoreError) -> String? {
        values[column] == .null ? nil : try text(column)
    }

    package func integer(_ column: Int) throws(StoreError) -> Int64 {
        guard case .integer(let integer) = values[column] else { throw mismatch(column) }
        return integer
    }

    /// An integer column holding a boolean as 1 or 0.
    package func boolean(_ column: Int) throws(StoreError) -> Bool {
        try integer(column) != 0
    }

    package func blob(_ column: Int) throws(StoreError) -> [UInt8] {
        guard case .blob(let bytes) = values[column] else { throw mismatch(column) }
        return bytes
    }

    package func optionalBlob(_ column: Int) throws(StoreError) -> [UInt8]? {
        values[column] == .null ? nil : try blob(column)
    }

    package func date(_ column: Int) throws(StoreError) -> Date {
        Date(millisecondsSince1970: try integer(column))
    }

    package func optionalDate(_ column: Int) throws(StoreError) -> Date? {
        values[column] == .null ? nil : try date(column)
    }

    /// A text column decoded as a string-backed type (an identifier, a sign-in method).
    package func value<Value: RawRepresentable<String>>(_ column: Int) throws(StoreError) -> Value {
        guard let value = Value(rawValue: try text(column)) else {
            throw StoreError(corruptColumn: columns[column], "holds a value this version of Vestibule does not know")
        }
        return value
    }

    /// ``value(_:)`` for a nullable column.
    package func optionalValue<Value: RawRepresentable<String>>(_ column: Int) throws(StoreError) -> Value? {
        guard try optionalText(column) != nil else { return nil }
        return try value(column)
    }

    private func mismatch(_ column: Int) -> StoreError {
        StoreError(corruptColumn: columns[column], values[column] == .null ? "is NULL" : "has an unexpected type")
    }
}
