import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibulePostgres
import VestibuleSQL
import VestibuleSQLite
import VestibuleTesting

/// `vestibule copy-data`, as an operator runs it to move a SQLite installation to PostgreSQL: nothing lost,
/// sessions still valid afterwards, a target that holds data refused unless replacing, the password never shown.
@Suite(.serialized) struct CopyDataTests {
    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL (make test installs it)"))
    func aSQLiteInstallationMovesToPostgreSQLWithItsSessionsPasswordsAndPasskeys() throws {
        let installation = try SQLiteInstallation()
        try withScratchDatabase { url, server in
            let copy = try VestibuleExecutable.run(["copy-data", "--from", "sqlite:\(installation.path)", "--to", url])
            #expect(copy.status == 0, "\(copy.output)")
            #expect(!copy.output.contains(server.password), "the PostgreSQL password is never printed")
            for table in SQLTable.all + [SQLTable.ledger] {
                #expect(copy.output.contains("\(table.name): verifying"), "progress for \(table.name)")
            }
            #expect(copy.output.contains("Every table has the same rows and checksum in both databases."))

            // Read through each backend's own Store, the two databases hold the same records.
            let sqlite = try SQLiteStore(path: installation.path)
            defer { sqlite.close() }
            let postgres = try PostgresStore(url: url)
            defer { postgres.close() }
            let ada = installation.account
            #expect(try postgres.account(id: ada) == sqlite.account(id: ada))
            #expect(try postgres.identities(of: ada) == sqlite.identities(of: ada))
            #expect(try postgres.identities(of: ada).map(\.method) == [.password, .passkey])
            #expect(try postgres.sessions(of: ada) == sqlite.sessions(of: ada))
            #expect(try postgres.sessions(of: ada).count == 2)
            #expect(try postgres.passwordCredential(of: ada) == sqlite.passwordCredential(of: ada))
            #expect(try postgres.passkeys(of: ada) == sqlite.passkeys(of: ada))
            #expect(try postgres.signingKeys() == sqlite.signingKeys())
            let reset = try #require(try sqlite.oneTimeCode(purpose: .resetPassword, subject: "ada@example.com"))
            #expect(try postgres.oneTimeCode(purpose: .resetPassword, subject: "ada@example.com") == reset)
            #expect(try postgres.schemaVersion() == sqlite.schemaVersion())
            // Documents and guests, whoever owns them.
            #expect(try postgres.documents(of: .account(ada)) == sqlite.documents(of: .account(ada)))
            #expect(try postgres.documents(of: .account(ada)).map(\.name.rawValue) == ["prefs"])
            let guest = try #require(try sqlite.guest(tokenHash: installation.guestToken.hash))
            #expect(try postgres.guest(tokenHash: installation.guestToken.hash) == guest)
            let cart = try #require(try sqlite.document(DocumentName(rawValue: "cart")!, of: .guest(guest.id)))
            #expect(try postgres.document(cart.name, of: .guest(guest.id)) == cart)

            // An instance on PostgreSQL with the installation's secret keys honours the session made before the
            // move, opens the copied signing key, and accepts the password.
            let moved = try TestApplication(environment: ["VESTIBULE_SECRET_KEYS": installation.secretKeys]) {
                $0.databaseURL = url
            }
            defer { moved.application.shutdown() }
            let account = try moved.respond("/account", headers: ["Cookie": installation.cookie])
            #expect(account.status == .ok)
            #expect(account.text.contains("Using a password"))
            #expect(try postgres.signingKeys().count == 2, "the copied keys (ES256, RS256) sign; no new one was made")
            let browser = FormClient(moved)
            try browser.get("/sign-in")
            let signIn = try browser.post(
                "/sign-in", ["email": "ada@example.com", "password": SQLiteInstallation.password]
            )
            #expect(signIn.headers["Location"] == "/continue")
        }
    }

    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL (make test installs it)"))
    func aTargetThatHoldsDataIsRefusedUnlessReplacing() throws {
        let installation = try SQLiteInstallation()
        try withScratchDatabase { url, server in
            let from = "sqlite:\(installation.path)"
            #expect(try VestibuleExecutable.run(["copy-data", "--from", from, "--to", url]).status == 0)

            let again = try VestibuleExecutable.run(["copy-data", "--from", from, "--to", url])
            #expect(again.status == 1)
            #expect(again.output.contains("already holds data (in accounts, identities, sessions"), "\(again.output)")
            #expect(again.output.contains("add --replace to delete that data first; nothing was changed."))
            #expect(!again.output.contains(server.password))

            // Replacing, with the URL from the environment as `serve` reads it, out of the process list.
            let replaced = try VestibuleExecutable.run(
                ["copy-data", "--from", from, "--replace"], environment: ["VESTIBULE_DATABASE": url]
            )
            #expect(replaced.status == 0, "\(replaced.output)")
            #expect(replaced.output.contains("Every table has the same rows and checksum in both databases."))
            #expect(!replaced.output.contains(server.password))
            let postgres = try PostgresStore(url: url)
            defer { postgres.close() }
            #expect(try postgres.sessions(of: installation.account).count == 2, "replaced, not added to")
        }
    }

    @Test func aSourceOfAnotherSchemaVersionIsRefusedWithWhatToRun() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vestibule-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("vestibule.sqlite3").path
        let older = try SQLiteStore(path: path)
        // Every migration but the last: the version before the latest (versions need not be consecutive).
        let olderVersion = try #require(SQLiteStore.schema.migrations.dropLast().last).version
        try older.write { connection throws(StoreError) in
            for _ in SQLiteStore.schema.migrations.dropLast() { _ = try SQLiteStore.schema.applyNext(on: connection) }
        }
        older.close()

        let result = try VestibuleExecutable.run(
            ["copy-data", "--from", "sqlite:\(path)", "--to", "postgres://vestibule:Secret-4f1a@127.0.0.1:1/vestibule"]
        )
        #expect(result.status == 1)
        #expect(result.output.contains("has schema version \(olderVersion)"), "\(result.output)")
        #expect(result.output.contains("run `vestibule migrate --data-dir \(directory.path)` on it first."))
    }

    @Test func copyDataRefusesWhatItCannotUseInOneSentenceWithoutEchoingTheURL() throws {
        let url = "postgres://vestibule:Secret-4f1a@127.0.0.1:1/vestibule"
        let usage: [[String]] = [
            ["copy-data"],
            ["copy-data", "--from", "/var/lib/vestibule.sqlite3", "--to", url],
            ["copy-data", "--from", "sqlite:x.sqlite3", "--to", "mysql://vestibule:Secret-4f1a@db/vestibule"],
            ["copy-data", "--from", "sqlite:x.sqlite3", url],
            ["copy-data", "--from", "sqlite:x.sqlite3", "--to", url, "--force"],
        ]
        for arguments in usage {
            let result = try VestibuleExecutable.run(arguments, environment: ["VESTIBULE_DATABASE": ""])
            #expect(result.status == 78, "\(arguments): \(result.output)")
            #expect(result.output.hasPrefix("Configuration error: "), "\(arguments): \(result.output)")
            #expect(!result.output.contains("Secret-4f1a"), "\(arguments)")
        }
        let missing = try VestibuleExecutable.run(["copy-data", "--from", "sqlite:/nonexistent/vestibule.sqlite3", "--to", url])
        #expect(missing.status == 1)
        #expect(missing.output.contains("There is no SQLite database at /nonexistent/vestibule.sqlite3."))

        let help = try VestibuleExecutable.run(["copy-data", "--help"])
        #expect(help.status == 0)
        for text in ["--from sqlite:PATH", "--to", "--replace", "VESTIBULE_DATABASE", "VESTIBULE_SECRET_KEYS"] {
            #expect(help.output.contains(text), "copy-data --help mentions \(text)")
        }
        #expect(try VestibuleExecutable.run(["--help"]).output.contains("vestibule copy-data"))
    }
}
