package import Foundation
package import VestibuleCore

extension SQLStore {
    /// Stores `fresh`, or keeps the live code (one `INSERT … ON CONFLICT … DO UPDATE … RETURNING`, whose
    /// conditions read the row as it was before the statement).
    public func issueOneTimeCode(
        _ fresh: StoredOneTimeCode, keepingLiveCodeTriedFewerThan maximumAttempts: Int, now: Date
    ) throws(StoreError) -> StoredOneTimeCode {
        let live: SQL =
            "one_time_codes.expires_at >= \(now) AND one_time_codes.attempts < \(Int64(maximumAttempts))"
        let stored = try writing("issueOneTimeCode") { connection throws(StoreError) in
            try connection.firstRow(
                """
                INSERT INTO one_time_codes (\(StoredOneTimeCode.columns)) VALUES (
                    \(fresh.purpose.rawValue), \(fresh.subject), \(fresh.seed), \(fresh.expiresAt),
                    \(Int64(fresh.attempts)), \(Int64(fresh.dailyAttempts)), \(fresh.countingSince)
                )
                ON CONFLICT (purpose, subject) DO UPDATE SET
                    seed = CASE WHEN \(live) THEN one_time_codes.seed ELSE excluded.seed END,
                    attempts = CASE WHEN \(live) THEN one_time_codes.attempts ELSE excluded.attempts END,
                    expires_at = excluded.expires_at
                RETURNING \(StoredOneTimeCode.columns)
                """,
                StoredOneTimeCode.init
            )
        }
        // An upsert always returns its row; none means the database answered something else entirely.
        guard let stored else { throw StoreError(.corrupt, "issueOneTimeCode: the database returned no row") }
        return stored
    }

    /// The code for this purpose and subject, or `nil`.
    public func oneTimeCode(purpose: CodePurpose, subject: String) throws(StoreError) -> StoredOneTimeCode? {
        try reading("oneTimeCode") { connection throws(StoreError) in
            try connection.firstRow(
                """
                SELECT \(StoredOneTimeCode.columns) FROM one_time_codes
                WHERE purpose = \(purpose.rawValue) AND subject = \(subject)
                """,
                StoredOneTimeCode.init
            )
        }
    }

    /// Counts one attempt and returns the code as it is afterwards, or `nil` when there is none.
    /// One `UPDATE … RETURNING`: concurrent attempts queue (on the single writer, or on PostgreSQL's row lock)
    /// and each sees its own count. Every `SET` expression reads the row as it was before the update.
    public func recordOneTimeCodeAttempt(
        purpose: CodePurpose, subject: String, now: Date, restartingCountsBefore cutoff: Date
    ) throws(StoreError) -> StoredOneTimeCode? {
        try writing("recordOneTimeCodeAttempt") { connection throws(StoreError) in
            try connection.firstRow(
                """
                UPDATE one_time_codes SET
                    attempts = attempts + 1,
                    daily_attempts = CASE WHEN counting_since < \(cutoff) THEN 1 ELSE daily_attempts + 1 END,
                    counting_since = CASE WHEN counting_since < \(cutoff) THEN \(now) ELSE counting_since END
                WHERE purpose = \(purpose.rawValue) AND subject = \(subject)
                RETURNING \(StoredOneTimeCode.columns)
                """,
                StoredOneTimeCode.init
            )
        }
    }

    /// Deletes the code if its seed is still `seed`, and returns whether it did. Of two concurrent calls the
    /// second runs after the first (on the single writer, or waiting for PostgreSQL's row lock), then finds the
    /// row gone and deletes nothing.
    public func consumeOneTimeCode(purpose: CodePurpose, subject: String, seed: [UInt8]) throws(StoreError) -> Bool {
        try writing("consumeOneTimeCode") { connection throws(StoreError) in
            try connection.run(
                """
                DELETE FROM one_time_codes
                WHERE purpose = \(purpose.rawValue) AND subject = \(subject) AND seed = \(seed)
                """
            ) > 0
        }
    }

    /// Deletes codes that expired before `date` and remember no guess counted since `countingCutoff`, and
    /// returns how many. One expiring exactly at `date` is kept.
    @discardableResult
    public func deleteExpiredOneTimeCodes(now date: Date, countingCutoff: Date) throws(StoreError) -> Int {
        try writing("deleteExpiredOneTimeCodes") { connection throws(StoreError) in
            try connection.run(
                """
                DELETE FROM one_time_codes
                WHERE expires_at < \(date) AND (daily_attempts = 0 OR counting_since < \(countingCutoff))
                """
            )
        }
    }
}

extension StoredOneTimeCode {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns: SQL =
        "purpose, subject, seed, expires_at, attempts, daily_attempts, counting_since"

    fileprivate init(row: SQLRow) throws(StoreError) {
        self.init(
            purpose: try row.value(0),
            subject: try row.text(1),
            seed: try row.blob(2),
            expiresAt: try row.date(3),
            attempts: Int(try row.integer(4)),
            dailyAttempts: Int(try row.integer(5)),
            countingSince: try row.date(6)
        )
    }
}
