/// The database behind a store as a whole: its schema, its integrity, and closing it. The composition root
/// migrates and closes it; the operations endpoint and commands report its version.
public protocol StoreLifecycle: Sendable {
    /// Applies every migration not yet applied, in order, each in its own transaction.
    /// Returns the versions applied by this call (empty when already current).
    @discardableResult
    func migrate() throws(StoreError) -> [Int]
    /// The highest migration version applied.
    func schemaVersion() throws(StoreError) -> Int
    /// Verifies the database's integrity (`PRAGMA integrity_check` on SQLite). `true` when intact.
    func checkIntegrity() throws(StoreError) -> Bool
    /// Finishes pending work and releases every connection. Further calls fail with `.unavailable`.
    func close()
}
