internal import CPostgres
import Foundation
import VestibuleCore

/// A query's result, owned: freed with `PQclear` when the last reference goes.
final class PostgresResult {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { PQclear(handle) }

    /// How many rows an INSERT, UPDATE or DELETE changed (0 for other commands).
    var changedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    var rowCount: Int { Int(PQntuples(handle)) }

    /// Every row, each decoded by `decode`.
    func rows<T>(_ decode: (PostgresRow) throws(StoreError) -> T) throws(StoreError) -> [T] {
        var results: [T] = []
        results.reserveCapacity(rowCount)
        for index in 0..<rowCount { results.append(try decode(PostgresRow(handle, Int32(index)))) }
        return results
    }

    /// The first row decoded by `decode`, or `nil` when there is none.
    func firstRow<T>(_ decode: (PostgresRow) throws(StoreError) -> T) throws(StoreError) -> T? {
        rowCount > 0 ? try decode(PostgresRow(handle, 0)) : nil
    }
}

@available(*, unavailable)
extension PostgresResult: Sendable {}

/// One row of a result in libpq's text format, read by 0-based column index. Valid while its result lives.
///
/// Readers for required values fail with `.corrupt` when the column is NULL or does not parse: the schema
/// forbids both.
struct PostgresRow {
    private let handle: OpaquePointer
    private let row: Int32

    init(_ handle: OpaquePointer, _ row: Int32) {
        self.handle = handle
        self.row = row
    }

    func text(_ column: Int32) throws(StoreError) -> String {
        guard !isNull(column) else { throw corrupt(column, "is NULL") }
        let count = Int(PQgetlength(handle, row, column))
        guard let characters = PQgetvalue(handle, row, column) else { throw corrupt(column, "has no value") }
        return characters.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }

    func optionalText(_ column: Int32) throws(StoreError) -> String? {
        isNull(column) ? nil : try text(column)
    }

    func integer(_ column: Int32) throws(StoreError) -> Int64 {
        guard let value = Int64(try text(column)) else { throw corrupt(column, "is not an integer") }
        return value
    }

    func boolean(_ column: Int32) throws(StoreError) -> Bool {
        switch try text(column) {
        case "t": return true
        case "f": return false
        default: throw corrupt(column, "is not a boolean")
        }
    }

    /// A `bytea` column, which the text format sends as `\x` followed by two hex digits a byte.
    func bytes(_ column: Int32) throws(StoreError) -> [UInt8] {
        let hex = Array(try text(column).utf8)
        guard hex.count >= 2, hex[0] == UInt8(ascii: "\\"), hex[1] == UInt8(ascii: "x"), hex.count % 2 == 0 else {
            throw corrupt(column, "is not hex-encoded bytea")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((hex.count - 2) / 2)
        var index = 2
        while index < hex.count {
            guard let high = Self.nibble(hex[index]), let low = Self.nibble(hex[index + 1]) else {
                throw corrupt(column, "is not hex-encoded bytea")
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
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

    private func isNull(_ column: Int32) -> Bool { PQgetisnull(handle, row, column) == 1 }

    private func corrupt(_ column: Int32, _ problem: String) -> StoreError {
        let name = PQfname(handle, column).map { String(cString: $0) } ?? "#\(column)"
        return StoreError(.corrupt, "column \(name) \(problem)")
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

@available(*, unavailable)
extension PostgresRow: Sendable {}
