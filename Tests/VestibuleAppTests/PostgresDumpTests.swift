import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCrypto
import VestibuleTesting

/// What `docs/operations.md` tells PostgreSQL operators to do instead of `vestibule backup`: `pg_dump
/// --format=custom` of Vestibule's database, `pg_restore` into a fresh database, and Vestibule started on it with
/// the same secret keys serves the people who signed up before the dump.
@Suite struct PostgresDumpTests {
    @Test(
        .enabled(
            if: PostgresTestServer.hasDumpTools,
            "needs PostgreSQL with pg_dump and pg_restore (make test installs them)"))
    func aDatabaseDumpedWithPgDumpAndRestoredWithPgRestoreServesItsAccounts() throws {
        try withScratchDatabase { url, postgres in
            let keys = ["VESTIBULE_SECRET_KEYS": SecretKey.generate().encoded]
            let scratch = try ScratchDirectory(prefix: "vestibule-pgdump")
            let original = try DevelopmentVestibule(
                folder: scratch.path + "/original", arguments: ["--database", url, "--log-level", "warning"],
                environment: keys
            )
            defer { original.stop() }
            let ada = SocketBrowser(port: original.process.port, origin: original.origin, name: "ada")
            try ada.createPasswordAccount(
                email: "ada@example.com", password: SQLiteInstallation.password,
                dataDirectories: [original.dataDirectory]
            )
            let session = try #require(ada[cookie: "vestibule_session"])

            // Dumped while the server runs, as pg_dump takes one consistent snapshot.
            let dump = scratch.path + "/vestibule.dump"
            try postgres.dump(database: try #require(URL(string: url)?.lastPathComponent), to: dump)
            original.stop()
            let restoredName = "restored_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
            let restoredURL = try postgres.createDatabase(named: restoredName)
            defer { try? postgres.dropDatabase(named: restoredName) }
            try postgres.restore(dump, into: restoredName)

            let restored = try DevelopmentVestibule(
                folder: scratch.path + "/restored", arguments: ["--database", restoredURL, "--log-level", "warning"],
                environment: keys
            )
            defer { restored.stop() }
            let returning = SocketBrowser(port: restored.process.port, origin: restored.origin, name: "ada again")
            returning[cookie: "vestibule_session"] = session
            let account = returning.get("/account")
            #expect(account.status == 200, "the session from before the dump signs Ada in: \(account.text.prefix(300))")
            #expect(account.text.contains("ada@example.com"))
            let stranger = SocketBrowser(port: restored.process.port, origin: restored.origin, name: "ada elsewhere")
            _ = stranger.get("/sign-in")
            let signIn = stranger.post(
                "/sign-in", ["email": "ada@example.com", "password": SQLiteInstallation.password])
            #expect(signIn.status == 303)
            #expect(stranger.get("/account").status == 200, "her password signed her in")
        }
    }
}
