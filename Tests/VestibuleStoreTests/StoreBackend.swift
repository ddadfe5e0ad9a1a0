import Foundation
import Testing
import VestibuleCore
import VestibuleSQLite

/// Every ``Store`` implementation the behavioural suite runs against. A new backend adds a case here and
/// must pass every test that takes `StoreBackend.allCases`.
enum StoreBackend: CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite

    var testDescription: String {
        switch self {
        case .sqlite: "SQLite"
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
        }
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
