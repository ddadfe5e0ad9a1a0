package import Foundation

/// A Swift value that can be bound to a statement parameter: interpolated into an ``SQL`` statement, it
/// becomes a parameter, never SQL text.
package protocol SQLBindable {
    /// The kind of value, for dialects that write it into the placeholder.
    static var sqlType: SQLType { get }
    var sqlValue: SQLValue { get }
}

extension String: SQLBindable {
    package static var sqlType: SQLType { .text }
    package var sqlValue: SQLValue { .text(self) }
}

extension Int64: SQLBindable {
    package static var sqlType: SQLType { .integer }
    package var sqlValue: SQLValue { .integer(self) }
}

extension [UInt8]: SQLBindable {
    package static var sqlType: SQLType { .blob }
    package var sqlValue: SQLValue { .blob(self) }
}

/// Booleans are the integers 1 and 0 in both schemas (SQLite has no boolean type).
extension Bool: SQLBindable {
    package static var sqlType: SQLType { .integer }
    package var sqlValue: SQLValue { .integer(self ? 1 : 0) }
}

/// Dates are whole milliseconds since 1970 UTC in both backends: integers compare and index exactly.
extension Date: SQLBindable {
    package static var sqlType: SQLType { .integer }
    package var sqlValue: SQLValue { .integer(millisecondsSince1970) }
}
