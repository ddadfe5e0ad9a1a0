import Foundation
import Testing
import VestibuleCore
import VestibuleSQL
@testable import VestibuleSQLite

/// What only the SQLite backend promises: the file, its journal mode and its schema ledger.
@Suite("SQLite store")
struct SQLiteStoreTests {
    @Test
    func journalModeIsWALAfterOpen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(path: directory.file("db.sqlite"))
        defer { store.close() }

        let probe = try SQLiteConnection(path: directory.file("db.sqlite"), role: .reader)
        let mode = try probe.firstRow("PRAGMA journal_mode") { row throws(StoreError) in try row.text(0) }
        #expect(mode == "wal")
    }

    @Test
    func databaseStampedWithAFutureSchemaVersionIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("db.sqlite")
        let store = try SQLiteStore(path: path)
        try store.migrate()
        store.close()
        let newerVestibule = try SQLiteConnection(path: path, role: .writer)
        let futureVersion = Int64(SQLiteStore.schema.latestVersion + 1)
        try newerVestibule.run(
            "INSERT INTO schema_migrations (version, applied_at) VALUES (\(futureVersion), \(Date()))"
        )

        let reopened = try SQLiteStore(path: path)
        defer { reopened.close() }
        let error = #expect(throws: StoreError.self) { try reopened.migrate() }
        #expect(error?.code == .incompatibleSchema)
        #expect(error?.detail.contains("upgrade Vestibule") == true)
    }

    @Test
    func reopeningAnExistingFileKeepsTheData() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("db.sqlite")
        let account = Fixture.account()
        let first = try SQLiteStore(path: path)
        try first.migrate()
        try first.createAccount(account, identity: Fixture.identity(of: account))
        first.close()

        let second = try SQLiteStore(path: path, readerCount: 1)
        defer { second.close() }
        #expect(try second.migrate() == [])
        #expect(try second.account(id: account.id) == account)
    }

    @Test(arguments: ["missing/db.sqlite", "a-file/db.sqlite"])
    func unopenablePathFailsWithUnavailableNamingThePath(relativePath: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // A path below a regular file cannot be created even by root, unlike one in a read-only directory.
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: directory.file("a-file")))
        let path = directory.file(relativePath)

        let error = #expect(throws: StoreError.self) { try SQLiteStore(path: path) }
        #expect(error?.code == .unavailable)
        #expect(error?.detail.contains(path) == true)
    }

    @Test
    func fileThatIsNotADatabaseFailsWithCorrupt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("db.sqlite")
        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: path))

        let error = #expect(throws: StoreError.self) { try SQLiteStore(path: path) }
        #expect(error?.code == .corrupt)
    }

    @Test
    func readerConnectionsRefuseToWrite() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(path: directory.file("db.sqlite"))
        defer { store.close() }
        try store.migrate()

        let reader = try SQLiteConnection(path: directory.file("db.sqlite"), role: .reader)
        #expect(throws: StoreError.self) {
            try reader.run("INSERT INTO schema_migrations (version, applied_at) VALUES (\(Int64(999)), \(Date()))")
        }
    }

    @Test
    func laterMigrationsUpgradeAVersionOneDatabaseAndKeepItsAccounts() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("db.sqlite")
        let account = Fixture.account()
        do {
            let older = try SQLiteConnection(path: path, role: .writer)
            #expect(try SQLiteStore.schema.applyNext(on: older) == 1)
            // Written as version 1 knew an account: today's store writes columns that later migrations add.
            try older.run(
                """
                INSERT INTO accounts (id, display_name, email, created_at)
                VALUES (\(account.id.rawValue), \(account.displayName), \(account.email), \(account.createdAt))
                """
            )
        }
        let store = try SQLiteStore(path: path)
        defer { store.close() }

        #expect(try store.migrate() == Array(SQLiteStore.schema.migrations.map(\.version).dropFirst()))
        #expect(try store.account(id: account.id) == account)
        #expect(try store.passwordCredential(of: account.id) == nil)
        #expect(try store.checkIntegrity())
    }
}
