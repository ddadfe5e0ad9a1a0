internal import CSQLite
import Foundation
import VestibuleCore

/// The current row of a statement, read by 0-based column index. Valid only until the statement steps again.
///
/// Readers for required values fail with `.corrupt` when the column holds NULL or a value of another type:
/// the schema forbids both, so either means the file was changed behind Vestibule's back.
struct Row {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    func text(_ column: Int32) throws(StoreError) -> String {
        try expect(SQLITE_TEXT, in: column)
        // sqlite3_column_bytes must come after sqlite3_column_text, which may convert the value.
        let characters = sqlite3_column_text(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF8.self)
    }

    func optionalText(_ column: Int32) throws(StoreError) -> String? {
        isNull(column) ? nil : try text(column)
    }

    func integer(_ column: Int32) throws(StoreError) -> Int64 {
        try expect(SQLITE_INTEGER, in: column)
        return sqlite3_column_int64(handle, column)
    }

    func blob(_ column: Int32) throws(StoreError) -> [UInt8] {
        try expect(SQLITE_BLOB, in: column)
        // An empty blob comes back as a NULL pointer with zero bytes.
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    func date(_ column: Int32) throws(StoreError) -> Date {
        Date(millisecondsSince1970: try integer(column))
    }

    func optionalDate(_ column: Int32) throws(StoreError) -> Date? {
        isNull(column) ? nil : try date(column)
    }

    /// A text column decoded as a string-backed type (an identifier, a sign-in method).
    func value<Value: RawRepresentable<String>>(_ column: Int32) throws(StoreError) -> Value {
        guard let value = Value(rawValue: try text(column)) else {
            throw corrupt(column, "holds a value this version of Vestibule does not know")
        }
        return value
    }

    private func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    private func expect(_ type: Int32, in column: Int32) throws(StoreError) {
        guard sqlite3_column_type(handle, column) == type else { throw corrupt(column, "has an unexpected type") }
    }

    private func corrupt(_ column: Int32, _ problem: String) -> StoreError {
        let name = sqlite3_column_name(handle, column).map { String(cString: $0) } ?? "#\(column)"
        return StoreError(.corrupt, "column \(name) \(problem)")
    }
}

@available(*, unavailable)
extension Row: Sendable {}
