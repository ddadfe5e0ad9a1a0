import Foundation
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

/// An account with one Apple identity, stored.
func makeAccount(in store: any Store, at date: Date) throws -> Account {
    let account = Account(displayName: "Ada", createdAt: date)
    let identity = Identity(accountID: account.id, method: .apple, subject: UUID().uuidString, createdAt: date)
    try store.createAccount(account, identity: identity)
    return account
}
