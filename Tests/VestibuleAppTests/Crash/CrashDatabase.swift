import Foundation
import VestibuleTesting

/// The database a crash test's Vestibule wrote, read directly with the backend's own shell (`sqlite3`, `psql`),
/// not through Vestibule's store: what is on disk, whatever Vestibule believes.
enum CrashDatabase {
    case sqlite(path: String)
    case postgres(PostgresTestServer, database: String)

    /// The rows `sql` returns, one a line, columns separated by `|`.
    func rows(_ sql: String) throws -> [String] {
        switch self {
        case .postgres(let server, let database): return try server.psql(sql, database: database)
        case .sqlite(let path):
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            shell.arguments = ["sqlite3", "-batch", "-bail", path, sql]
            let output = Pipe()
            shell.standardOutput = output
            shell.standardError = output
            try shell.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            shell.waitUntilExit()
            guard shell.terminationStatus == 0 else { throw TestFailure("sqlite3 \(sql) failed: \(text)") }
            return text.split(separator: "\n").map(String.init)
        }
    }

    /// Rows that make a half-made account, or a part left without its account: each query must find none.
    /// Foreign keys forbid most of them, so these check that what the schema promises is what is on disk.
    static let halfMade: [(problem: String, sql: String)] = [
        ("an account without any sign-in method", "SELECT id FROM accounts a WHERE NOT EXISTS (SELECT 1 FROM identities i WHERE i.account_id = a.id)"),
        ("a sign-in method without its account", "SELECT subject FROM identities i WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = i.account_id)"),
        ("a password identity without its password", "SELECT subject FROM identities i WHERE i.method = 'password' AND NOT EXISTS (SELECT 1 FROM password_credentials c WHERE c.account_id = i.account_id)"),
        ("a password without its account", "SELECT account_id FROM password_credentials c WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = c.account_id)"),
        ("an Apple identity without its Apple record", "SELECT subject FROM identities i WHERE i.method = 'apple' AND NOT EXISTS (SELECT 1 FROM apple_identities x WHERE x.subject = i.subject)"),
        ("an Apple record without its account", "SELECT subject FROM apple_identities x WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = x.account_id)"),
        ("a passkey without its account", "SELECT account_id FROM passkey_credentials p WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = p.account_id)"),
        ("a session without its account", "SELECT id FROM sessions s WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = s.account_id)"),
        ("a document without its owner", """
            SELECT id FROM documents d WHERE (d.account_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = d.account_id))
            OR (d.guest_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM guests g WHERE g.id = d.guest_id))
            """),
    ]
}
