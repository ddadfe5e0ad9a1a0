public import Foundation

/// Rate-limit counting shared through the database: `recordAttempt` counts in one
/// `INSERT … ON CONFLICT … DO UPDATE`, so instances sharing the database share their rate limits. Keys are
/// stored only as their SHA-256 digests: they contain email and IP addresses, which the table must not hold.
public protocol AttemptStore: AttemptCounter {
    /// Deletes every attempt window that ended at or before `date`. Returns how many.
    @discardableResult
    func deleteExpiredAttempts(before date: Date) throws(StoreError) -> Int
}
