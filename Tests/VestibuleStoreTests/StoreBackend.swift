import Foundation
import Testing
import VestibuleCore
import VestibulePostgres
import VestibuleSQLite
import VestibuleTesting

/// Every ``Store`` implementation the behavioural suite runs against. A new backend adds a case here and
/// must pass every test that takes `StoreBackend.allCases`.
enum StoreBackend: CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    /// A fresh database per test on the process's shared throwaway PostgreSQL server.
    case postgres

    /// PostgreSQL runs whenever its binaries are installed (`make test` installs them): a server that is
    /// installed but fails to start fails every PostgreSQL case instead of skipping them.
    /// ``PostgresAvailabilityTests`` says so when it is not installed.
    static var allCases: [StoreBackend] {
        PostgresTestServer.isAvailable ? [.sqlite, .postgres] : [.sqlite]
    }

    var testDescription: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }

    /// Runs `body` with a fresh, migrated store of this backend, then closes the store and deletes its data.
    func withStore<R>(_ body: (any Store) throws -> R) throws -> R {
        switch self {
        case .sqlite:
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let store = try SQLiteStore(path: directory.file("vestibule.sqlite"))
            defer { store.close() }
            try store.migrate()
            return try body(store)
        case .postgres:
            let server = try PostgresTestServer.shared
            let name = "vestibule_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            let url = try server.createDatabase(named: name)
            defer { try? server.dropDatabase(named: name) }
            let store = try PostgresStore(url: url)
            defer { store.close() }
            try store.migrate()
            return try body(store)
        }
    }
}

/// Reports, as a skipped test with the reason, that the PostgreSQL cases did not run.
@Suite("PostgreSQL availability")
struct PostgresAvailabilityTests {
    @Test(
        .enabled(
            if: PostgresTestServer.isAvailable,
            "PostgreSQL is not installed (scripts/install-deps.sh test installs it): the store suite ran on SQLite only"
        )
    )
    func postgresTestServerStartsAndAcceptsConnections() throws {
        let server = try PostgresTestServer.shared
        let store = try PostgresStore(url: server.url)
        defer { store.close() }
        #expect(try store.checkIntegrity())
    }
}

/// A directory of its own under the system's temporary directory, for one test's database files.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("vestibule-store-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
