package import Foundation
package import VestibuleCore
import VestibuleCrypto

extension SQLStore {
    /// Counts one attempt in one `INSERT … ON CONFLICT … DO UPDATE … RETURNING`: the first attempt inserts the
    /// window, later ones add to it, and one at or after its end starts it again. Concurrent attempts on one
    /// key queue (on SQLite's single writer, or on PostgreSQL's unique index and row lock) and each sees its
    /// own count, so instances sharing the database cannot together allow more than the limit.
    ///
    /// The key is stored as its SHA-256 digest: keys name email and IP addresses, and counting needs only
    /// equality.
    public func recordAttempt(
        key: String,
        window: Duration,
        now: Date
    ) throws(StoreError) -> (count: Int, windowStart: Date) {
        let row = try writing("recordAttempt") { connection throws(StoreError) in
            // Every CASE reads the row as it was before this update, so the three agree on whether it ended.
            try connection.firstRow(
                """
                INSERT INTO rate_limit_attempts (key_hash, window_start, expires_at, attempts)
                VALUES (\(SHA2.sha256(key)), \(now), \(now.addingTimeInterval(window.seconds)), 1)
                ON CONFLICT (key_hash) DO UPDATE SET
                    attempts = CASE WHEN rate_limit_attempts.expires_at <= excluded.window_start THEN 1
                        ELSE rate_limit_attempts.attempts + 1 END,
                    window_start = CASE WHEN rate_limit_attempts.expires_at <= excluded.window_start
                        THEN excluded.window_start ELSE rate_limit_attempts.window_start END,
                    expires_at = CASE WHEN rate_limit_attempts.expires_at <= excluded.window_start
                        THEN excluded.expires_at ELSE rate_limit_attempts.expires_at END
                RETURNING attempts, window_start
                """
            ) { row throws(StoreError) in (count: Int(try row.integer(0)), windowStart: try row.date(1)) }
        }
        // An upsert always returns its row; none means the database answered something else entirely.
        guard let row else { throw StoreError(.corrupt, "recordAttempt: the database returned no row") }
        return row
    }

    /// Deletes windows that ended at or before `date` (a window ending exactly then would start again anyway).
    @discardableResult
    public func deleteExpiredAttempts(before date: Date) throws(StoreError) -> Int {
        try writing("deleteExpiredAttempts") { connection throws(StoreError) in
            try connection.run("DELETE FROM rate_limit_attempts WHERE expires_at <= \(date)")
        }
    }
}
