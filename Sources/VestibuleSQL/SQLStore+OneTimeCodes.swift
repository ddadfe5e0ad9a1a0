package import Foundation
package import VestibuleCore

extension SQLStore {
    /// Stores the code, replacing the one with the same purpose and subject (one `INSERT … ON CONFLICT`).
    public func saveOneTimeCode(_ code: StoredOneTimeCode) throws(StoreError) {
        try writing("saveOneTimeCode") { connection throws(StoreError) in
            try connection.run(
                """
                INSERT INTO one_time_codes (\(StoredOneTimeCode.columns)) VALUES (
                    \(code.purpose.rawValue), \(code.subject), \(code.mac), \(code.expiresAt), \(Int64(code.attempts))
                )
                ON CONFLICT (purpose, subject) DO UPDATE SET
                    code_mac = excluded.code_mac, expires_at = excluded.expires_at, attempts = excluded.attempts
                """
            )
        }
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
    /// and each sees its own count.
    public func recordOneTimeCodeAttempt(
        purpose: CodePurpose,
        subject: String
    ) throws(StoreError) -> StoredOneTimeCode? {
        try writing("recordOneTimeCodeAttempt") { connection throws(StoreError) in
            try connection.firstRow(
                """
                UPDATE one_time_codes SET attempts = attempts + 1
                WHERE purpose = \(purpose.rawValue) AND subject = \(subject)
                RETURNING \(StoredOneTimeCode.columns)
                """,
                StoredOneTimeCode.init
            )
        }
    }

    /// Deletes the code if its MAC is still `mac`, and returns whether it did. Of two concurrent calls the
    /// second runs after the first (on the single writer, or waiting for PostgreSQL's row lock), then finds the
    /// row gone and deletes nothing.
    public func consumeOneTimeCode(purpose: CodePurpose, subject: String, mac: [UInt8]) throws(StoreError) -> Bool {
        try writing("consumeOneTimeCode") { connection throws(StoreError) in
            try connection.run(
                """
                DELETE FROM one_time_codes
                WHERE purpose = \(purpose.rawValue) AND subject = \(subject) AND code_mac = \(mac)
                """
            ) > 0
        }
    }

    /// Deletes codes that expired before `date`, and returns how many. One expiring exactly at `date` is kept.
    @discardableResult
    public func deleteExpiredOneTimeCodes(now date: Date) throws(StoreError) -> Int {
        try writing("deleteExpiredOneTimeCodes") { connection throws(StoreError) in
            try connection.run("DELETE FROM one_time_codes WHERE expires_at < \(date)")
        }
    }
}

extension StoredOneTimeCode {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns: SQL = "purpose, subject, code_mac, expires_at, attempts"

    fileprivate init(row: SQLRow) throws(StoreError) {
        self.init(
            purpose: try row.value(0),
            subject: try row.text(1),
            mac: try row.blob(2),
            expiresAt: try row.date(3),
            attempts: Int(try row.integer(4))
        )
    }
}
