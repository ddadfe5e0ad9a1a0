/// A value as it crosses between Swift and a database driver: a bound parameter or a column of a result row.
///
/// Four kinds are enough for every column Vestibule stores: dates are integers (``Foundation/Date``'s
/// milliseconds), bytes are blobs (`bytea` on PostgreSQL), identifiers are text.
package enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case text(String)
    case blob([UInt8])
}

/// The kind of value a parameter binds, known even when the value is NULL (PostgreSQL needs it to type `$n`).
package enum SQLType: Sendable {
    case integer
    case text
    case blob
}
