import Foundation
import Synchronization
import VestibuleCore
import VestibuleSQLite

/// A real SQLite store in a fresh temporary folder: the domain is tested against the real backend.
func makeTestStore() throws -> any Store {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vestibule-core-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let store = try SQLiteStore(path: folder.appendingPathComponent("test.sqlite3").path)
    try store.migrate()
    return store
}

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))

    var now: @Sendable () -> Date { { [self] in current.withLock { $0 } } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// An account with one Apple identity, stored.
func makeAccount(in store: any Store, at date: Date) throws -> Account {
    let account = Account(displayName: "Ada", createdAt: date)
    let identity = Identity(accountID: account.id, method: .apple, subject: UUID().uuidString, createdAt: date)
    try store.createAccount(account, identity: identity)
    return account
}
