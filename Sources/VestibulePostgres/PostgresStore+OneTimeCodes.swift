public import Foundation
public import VestibuleCore

extension PostgresStore {
    /// Stores the code, replacing the one with the same purpose and subject (one `INSERT … ON CONFLICT`).
    public func saveOneTimeCode(_ code: StoredOneTimeCode) throws(StoreError) {
        try withConnection("saveOneTimeCode") { connection throws(StoreError) in
            _ = try connection.query(
                """
                INSERT INTO one_time_codes (\(StoredOneTimeCode.columns)) VALUES ($1, $2, $3, $4, $5)
                ON CONFLICT (purpose, subject) DO UPDATE SET
                    code_mac = excluded.code_mac, expires_at = excluded.expires_at, attempts = excluded.attempts
                """,
                [code.purpose.rawValue, code.subject, code.mac, code.expiresAt, Int64(code.attempts)]
            )
        }
    }

    /// The code for this purpose and subject, or `nil`.
    public func oneTimeCode(purpose: CodePurpose, subject: String) throws(StoreError) -> StoredOneTimeCode? {
        try withConnection("oneTimeCode") { connection throws(StoreError) in
            try connection.query(
                "SELECT \(StoredOneTimeCode.columns) FROM one_time_codes WHERE purpose = $1 AND subject = $2",
                [purpose.rawValue, subject]
            ).firstRow(StoredOneTimeCode.init)
        }
    }

    /// Counts one attempt and returns the code as it is afterwards, or `nil` when there is none.
    /// One `UPDATE … RETURNING`: concurrent attempts queue on the row lock and each sees its own count.
    public func recordOneTimeCodeAttempt(
        purpose: CodePurpose,
        subject: String
    ) throws(StoreError) -> StoredOneTimeCode? {
        try withConnection("recordOneTimeCodeAttempt") { connection throws(StoreError) in
            try connection.query(
                """
                UPDATE one_time_codes SET attempts = attempts + 1 WHERE purpose = $1 AND subject = $2
                RETURNING \(StoredOneTimeCode.columns)
                """,
                [purpose.rawValue, subject]
            ).firstRow(StoredOneTimeCode.init)
        }
    }

    /// Deletes the code if its MAC is still `mac`, and returns whether it did. Of two concurrent calls the
    /// second waits for the first's row lock, then finds the row gone and deletes nothing.
    public func consumeOneTimeCode(purpose: CodePurpose, subject: String, mac: [UInt8]) throws(StoreError) -> Bool {
        try withConnection("consumeOneTimeCode") { connection throws(StoreError) in
            try connection.query(
                "DELETE FROM one_time_codes WHERE purpose = $1 AND subject = $2 AND code_mac = $3",
                [purpose.rawValue, subject, mac]
            ).changedRows > 0
        }
    }

    /// Deletes codes that expired before `date`, and returns how many. One expiring exactly at `date` is kept.
    @discardableResult
    public func deleteExpiredOneTimeCodes(now date: Date) throws(StoreError) -> Int {
        try withConnection("deleteExpiredOneTimeCodes") { connection throws(StoreError) in
            try connection.query("DELETE FROM one_time_codes WHERE expires_at < $1", [date]).changedRows
        }
    }
}

extension StoredOneTimeCode {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns = "purpose, subject, code_mac, expires_at, attempts"

    fileprivate init(row: PostgresRow) throws(StoreError) {
        self.init(
            purpose: try row.value(0),
            subject: try row.text(1),
            mac: try row.bytes(2),
            expiresAt: try row.date(3),
            attempts: Int(try row.integer(4))
        )
    }
}
