public import Foundation
public import VestibuleCore

extension SQLiteStore {
    /// Stores the code, replacing the one with the same purpose and subject.
    public func saveOneTimeCode(_ code: StoredOneTimeCode) throws(StoreError) {
        try write("saveOneTimeCode") { connection throws(StoreError) in
            try connection.run(
                """
                INSERT INTO one_time_codes (\(StoredOneTimeCode.columns)) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (purpose, subject) DO UPDATE SET
                    code_mac = excluded.code_mac, expires_at = excluded.expires_at, attempts = excluded.attempts
                """,
                [code.purpose.rawValue, code.subject, code.mac, code.expiresAt, Int64(code.attempts)]
            )
        }
    }

    /// The code for this purpose and subject, or `nil`.
    public func oneTimeCode(purpose: CodePurpose, subject: String) throws(StoreError) -> StoredOneTimeCode? {
        try read("oneTimeCode") { connection throws(StoreError) in
            try connection.firstRow(
                "SELECT \(StoredOneTimeCode.columns) FROM one_time_codes WHERE purpose = ? AND subject = ?",
                [purpose.rawValue, subject],
                StoredOneTimeCode.init
            )
        }
    }

    /// Counts one attempt and returns the code as it is afterwards, or `nil` when there is none.
    public func recordOneTimeCodeAttempt(
        purpose: CodePurpose,
        subject: String
    ) throws(StoreError) -> StoredOneTimeCode? {
        try write("recordOneTimeCodeAttempt") { connection throws(StoreError) in
            try connection.firstRow(
                """
                UPDATE one_time_codes SET attempts = attempts + 1 WHERE purpose = ? AND subject = ?
                RETURNING \(StoredOneTimeCode.columns)
                """,
                [purpose.rawValue, subject],
                StoredOneTimeCode.init
            )
        }
    }

    /// Deletes the code if its MAC is still `mac`, and returns whether it did.
    public func consumeOneTimeCode(purpose: CodePurpose, subject: String, mac: [UInt8]) throws(StoreError) -> Bool {
        try write("consumeOneTimeCode") { connection throws(StoreError) in
            try connection.run(
                "DELETE FROM one_time_codes WHERE purpose = ? AND subject = ? AND code_mac = ?",
                [purpose.rawValue, subject, mac]
            ) > 0
        }
    }

    /// Deletes codes that expired before `date`, and returns how many. One expiring exactly at `date` is kept.
    @discardableResult
    public func deleteExpiredOneTimeCodes(now date: Date) throws(StoreError) -> Int {
        try write("deleteExpiredOneTimeCodes") { connection throws(StoreError) in
            try connection.run("DELETE FROM one_time_codes WHERE expires_at < ?", [date])
        }
    }
}

extension StoredOneTimeCode {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns = "purpose, subject, code_mac, expires_at, attempts"

    fileprivate init(row: Row) throws(StoreError) {
        self.init(
            purpose: try row.value(0),
            subject: try row.text(1),
            mac: try row.blob(2),
            expiresAt: try row.date(3),
            attempts: Int(try row.integer(4))
        )
    }
}
