internal import CSQLite
import Foundation

/// A Swift value that can be bound to a statement parameter.
protocol SQLBindable {
    /// Binds the value to the 1-based parameter `index` and returns SQLite's result code.
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

/// Tells SQLite to copy bound text and blobs, because Swift's buffers only live for the duration of the call.
/// The C macro `SQLITE_TRANSIENT` is `((sqlite3_destructor_type)-1)`, which Swift cannot import.
private var transient: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }

extension String: SQLBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        // `utf8CString` always has a base address (its terminating NUL), so "" binds as empty text, not NULL;
        // passing the length keeps any embedded NUL.
        utf8CString.withUnsafeBufferPointer { chars in
            sqlite3_bind_text(statement, index, chars.baseAddress, Int32(chars.count - 1), transient)
        }
    }
}

extension Int64: SQLBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, self)
    }
}

extension [UInt8]: SQLBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        withUnsafeBytes { bytes in
            // An empty array may have no base address, and a NULL blob pointer would bind SQL NULL.
            guard let base = bytes.baseAddress else { return sqlite3_bind_zeroblob(statement, index, 0) }
            return sqlite3_bind_blob(statement, index, base, Int32(bytes.count), transient)
        }
    }
}

extension Date: SQLBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, millisecondsSince1970)
    }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case .some(let value): value.bind(to: statement, at: index)
        case .none: sqlite3_bind_null(statement, index)
        }
    }
}
