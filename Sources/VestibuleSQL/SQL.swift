/// A statement written once for every backend: its text, with each value interpolated where it is used.
///
/// An interpolated value (``SQLBindable``) becomes a parameter, never SQL text, so no value can change what a
/// statement does; an interpolated `SQL` (a column list) is spliced in; an ``SQLWord`` is spelled the
/// way the connection's database spells it.
///
/// ```swift
/// "UPDATE sessions SET last_seen_at = \(.greatest)(last_seen_at, \(date)) WHERE id = \(id.rawValue)"
/// ```
package struct SQL: ExpressibleByStringInterpolation, Sendable {
    fileprivate enum Piece: Sendable {
        case text(String)
        case parameter(SQLValue, SQLType)
        case word(SQLWord)
    }

    fileprivate var pieces: [Piece]

    package init(stringLiteral text: String) {
        pieces = [.text(text)]
    }

    package init(stringInterpolation: Interpolation) {
        pieces = stringInterpolation.pieces
    }

    /// The column names separated by commas, each as `table.name` when `table` is given: for a statement that
    /// joins tables whose columns share names (every table has an `id`).
    package init(columns names: [String], of table: String? = nil) {
        let qualified = names.map { name in table.map { "\($0).\(name)" } ?? name }
        self.init(joining: qualified.map(SQL.init(stringLiteral:)), separator: ", ")
    }

    /// The fragments one after another, `separator` between each two: a list of columns, rows or values.
    package init(joining fragments: some Sequence<SQL>, separator: String) {
        pieces = []
        for (index, fragment) in fragments.enumerated() {
            if index > 0 { pieces.append(.text(separator)) }
            pieces += fragment.pieces
        }
    }

    /// The text as `dialect` writes it, with the values its placeholders bind, in order.
    package func rendered(in dialect: any SQLDialect) -> (text: String, values: [SQLValue]) {
        var text = ""
        var values: [SQLValue] = []
        for piece in pieces {
            switch piece {
            case .text(let literal):
                text += literal
            case .parameter(let value, let type):
                values.append(value)
                text += dialect.placeholder(values.count, type)
            case .word(let word):
                text += dialect.spelling(of: word)
            }
        }
        return (text, values)
    }

    package struct Interpolation: StringInterpolationProtocol {
        fileprivate var pieces: [Piece] = []

        package init(literalCapacity: Int, interpolationCount: Int) {
            pieces.reserveCapacity(2 * interpolationCount + 1)
        }

        package mutating func appendLiteral(_ literal: String) {
            pieces.append(.text(literal))
        }

        /// A parameter; `nil` binds NULL, of the type a value would have.
        package mutating func appendInterpolation<Value: SQLBindable>(_ value: Value?) {
            pieces.append(.parameter(value?.sqlValue ?? .null, Value.sqlType))
        }

        /// A value as a driver read it, bound as a parameter of its column's `type` (which a NULL does not
        /// carry, and PostgreSQL's placeholders need).
        package mutating func appendInterpolation(_ value: SQLValue, as type: SQLType) {
            pieces.append(.parameter(value, type))
        }

        package mutating func appendInterpolation(_ fragment: SQL) {
            pieces += fragment.pieces
        }

        package mutating func appendInterpolation(_ word: SQLWord) {
            pieces.append(.word(word))
        }
    }
}
