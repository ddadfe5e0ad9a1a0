import VestibuleSQL

struct PostgresDialect: SQLDialect {
    /// `$n` cast to its value's type, so the server never has to infer a parameter's type (it cannot for
    /// `$1 IS NULL`), NULLs included.
    func placeholder(_ position: Int, _ type: SQLType) -> String {
        switch type {
        case .integer: "$\(position)::bigint"
        case .text: "$\(position)::text"
        case .blob: "$\(position)::bytea"
        }
    }

    /// READ COMMITTED, the server's default: ``PostgresStore`` says why that is enough.
    var beginTransaction: String { "BEGIN" }

    func spelling(of word: SQLWord) -> String {
        switch word {
        case .greatest: "greatest"
        case .isDistinctFrom: "IS DISTINCT FROM"
        case .insertionOrder: "seq"  // the identity column the schema adds where SQLite has its rowid
        case .forUpdate: "FOR UPDATE"
        }
    }
}
