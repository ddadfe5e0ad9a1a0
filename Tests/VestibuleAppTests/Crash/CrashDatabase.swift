import Foundation
import VestibuleTesting

/// The database a crash test's Vestibule wrote, read directly with the backend's own shell (`sqlite3`, `psql`),
/// not through Vestibule's store: what is on disk, whatever Vestibule believes.
enum CrashDatabase {
    case sqlite(path: String)
    case postgres(PostgresTestServer, database: String)

    var backend: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }

    /// The rows `sql` returns, one a line, columns separated by `|`.
    func rows(_ sql: String) throws -> [String] {
        switch self {
        case .postgres(let server, let database): return try server.psql(sql, database: database)
        case .sqlite(let path):
            let (status, text) = try HelperCommand.run("/usr/bin/sqlite3", ["-batch", "-bail", path, sql])
            guard status == 0 else { throw TestFailure("sqlite3 \(sql) failed: \(text)") }
            return text.split(separator: "\n").map(String.init)
        }
    }

    /// Rows that make a half-made account, or a part left without its account: each query must find none.
    /// Foreign keys forbid most of them, so these check that what the schema promises is what is on disk.
    static let halfMade: [(problem: String, sql: String)] = [
        (
            "an account without any sign-in method",
            orphans("id", of: "accounts", missing: "identities i WHERE i.account_id = t.id")
        ),
        (
            "a sign-in method without its account",
            orphans("subject", of: "identities", missing: "accounts a WHERE a.id = t.account_id")
        ),
        (
            "a password identity without its password",
            orphans(
                "subject", of: "identities", where: "t.method = 'password'",
                missing: "password_credentials c WHERE c.account_id = t.account_id")
        ),
        (
            "a password without its account",
            orphans("account_id", of: "password_credentials", missing: "accounts a WHERE a.id = t.account_id")
        ),
        (
            "an Apple identity without its Apple record",
            orphans(
                "subject", of: "identities", where: "t.method = 'apple'",
                missing: "apple_identities x WHERE x.subject = t.subject")
        ),
        (
            "an Apple record without its account",
            orphans("subject", of: "apple_identities", missing: "accounts a WHERE a.id = t.account_id")
        ),
        (
            "a passkey without its account",
            orphans("account_id", of: "passkey_credentials", missing: "accounts a WHERE a.id = t.account_id")
        ),
        (
            "a session without its account",
            orphans("id", of: "sessions", missing: "accounts a WHERE a.id = t.account_id")
        ),
        (
            "an account's document without its account",
            orphans(
                "id", of: "documents", where: "t.account_id IS NOT NULL",
                missing: "accounts a WHERE a.id = t.account_id")
        ),
        (
            "a guest's document without its guest",
            orphans("id", of: "documents", where: "t.guest_id IS NOT NULL", missing: "guests g WHERE g.id = t.guest_id")
        ),
    ]

    /// `column` of the rows of `table` (called `t`) that pass `filter` and have no row in `missing`.
    private static func orphans(_ column: String, of table: String, where filter: String = "TRUE", missing: String)
        -> String
    {
        "SELECT t.\(column) FROM \(table) t WHERE \(filter) AND NOT EXISTS (SELECT 1 FROM \(missing))"
    }
}
