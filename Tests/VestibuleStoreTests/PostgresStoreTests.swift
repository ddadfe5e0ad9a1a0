import Dispatch
import Foundation
import Synchronization
import Testing
import VestibuleCore
@testable import VestibulePostgres
import VestibuleSQL
import VestibuleTesting

/// What only the PostgreSQL backend promises: its migration lock, its error texts, its pool's recovery.
@Suite("PostgreSQL store", .enabled(if: PostgresTestServer.isAvailable, "PostgreSQL is not installed"))
struct PostgresStoreTests {
    /// A fresh database on the shared server; dropped after `body`.
    private func withDatabase<R>(_ body: (_ url: String) throws -> R) throws -> R {
        let server = try PostgresTestServer.shared
        let name = "vestibule_pg_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let url = try server.createDatabase(named: name)
        defer { try? server.dropDatabase(named: name) }
        return try body(url)
    }

    @Test
    func databaseStampedWithAFutureSchemaVersionIsRefused() throws {
        try withDatabase { url in
            let store = try PostgresStore(url: url)
            defer { store.close() }
            try store.migrate()
            let newerVestibule = try PostgresConnection(url: url, secret: ConnectionSecret(url: url))
            let futureVersion = Int64(PostgresStore.schema.latestVersion + 1)
            try newerVestibule.run(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (\(futureVersion), \(Date()))"
            )

            let error = #expect(throws: StoreError.self) { try store.migrate() }
            #expect(error?.code == .incompatibleSchema)
            #expect(error?.detail.contains("upgrade Vestibule") == true)
            #expect(try store.checkIntegrity() == false)
        }
    }

    @Test
    func severalInstancesMigratingAtOnceApplyEachMigrationOnce() throws {
        try withDatabase { url in
            let stores = try (0..<4).map { _ in try PostgresStore(url: url, poolSize: 1) }
            defer { stores.forEach { $0.close() } }
            let applied = Mutex<[Int]>([])
            DispatchQueue.concurrentPerform(iterations: stores.count) { index in
                do {
                    let versions = try stores[index].migrate()
                    applied.withLock { $0 += versions }
                } catch {
                    Issue.record(error, "store \(index)")
                }
            }
            #expect(applied.withLock { $0.sorted() } == PostgresStore.schema.migrations.map(\.version))
            #expect(try stores[0].schemaVersion() == PostgresStore.schema.latestVersion)
        }
    }

    @Test
    func laterMigrationsUpgradeAVersionOneDatabaseAndKeepItsAccounts() throws {
        try withDatabase { url in
            let older = try PostgresConnection(url: url, secret: ConnectionSecret(url: url))
            #expect(try PostgresStore.schema.applyNext(on: older) == 1)
            let account = Fixture.account()
            // Written as version 1 knew an account: today's store writes columns that later migrations add.
            try older.run(
                """
                INSERT INTO accounts (id, display_name, email, created_at)
                VALUES (\(account.id.rawValue), \(account.displayName), \(account.email), \(account.createdAt))
                """
            )
            let store = try PostgresStore(url: url)
            defer { store.close() }

            #expect(try store.migrate() == Array(PostgresStore.schema.migrations.map(\.version).dropFirst()))
            #expect(try store.account(id: account.id) == account)
            #expect(try store.passwordCredential(of: account.id) == nil)
        }
    }

    @Test
    func wrongPasswordFailsWithUnavailableAndNeverShowsThePassword() throws {
        let server = try PostgresTestServer.shared
        let password = "Not-The-Password-7f3a"
        let url = "postgres://postgres:\(password)@127.0.0.1:\(server.port)/postgres"
        let error = #expect(throws: StoreError.self) { try PostgresStore(url: url) }
        #expect(error?.code == .unavailable)
        #expect(error.map { !"\($0)".contains(password) } == true, "\(String(describing: error))")
    }

    @Test
    func secretIsRemovedFromMessages() {
        let secret = ConnectionSecret(url: "postgres://ada:p%40ss@db.example:5432/vestibule")
        #expect(secret.scrub("bad p%40ss and p@ss") == "bad ******** and ********")
        #expect(ConnectionSecret(url: "postgres://db.example/vestibule").scrub("p@ss") == "p@ss")
    }

    @Test
    func conflictKeepsTheSQLStateAndNotTheValues() throws {
        try withDatabase { url in
            let store = try PostgresStore(url: url)
            defer { store.close() }
            try store.migrate()
            let account = Fixture.account()
            try store.createAccount(account, identity: Fixture.identity(of: account, subject: "secret-subject"))
            let twin = Fixture.account()
            let error = #expect(throws: StoreError.self) {
                try store.createAccount(twin, identity: Fixture.identity(of: twin, subject: "secret-subject"))
            }
            #expect(error?.code == .conflict)
            #expect(error?.backendCode == "23505")
            #expect(error?.detail.contains("secret-subject") == false)
        }
    }

    @Test
    func connectionsTheServerDroppedAreReplaced() throws {
        try withDatabase { url in
            let store = try PostgresStore(url: url, poolSize: 2)
            defer { store.close() }
            try store.migrate()
            let account = try Fixture.storedAccount(in: store)

            let admin = try PostgresConnection(url: url, secret: ConnectionSecret(url: url))
            try admin.execute(
                """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid()
                """
            )
            // A call on a connection the server closed fails with `.unavailable`; the pool then drops it
            // and opens a new one, so the store recovers without a restart.
            var recovered = false
            for _ in 0..<3 where !recovered {
                do throws(StoreError) {
                    recovered = try store.account(id: account.id) == account
                } catch {
                    #expect(error.code == .unavailable, "\(error)")
                }
            }
            #expect(recovered)
        }
    }
}
