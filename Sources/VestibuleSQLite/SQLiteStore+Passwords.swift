public import Foundation
public import VestibuleCore

extension SQLiteStore {
    /// Inserts the account, its password identity and its credential in one transaction.
    /// - Throws: `.conflict` when the identity is linked already or the account id exists; nothing is stored then.
    public func createPasswordAccount(
        _ account: Account,
        identity: Identity,
        credential: PasswordCredential
    ) throws(StoreError) {
        try write("createPasswordAccount") { connection throws(StoreError) in
            try connection.insert(account)
            try connection.insert(identity)
            try connection.run(
                "INSERT INTO password_credentials (\(PasswordCredential.columns)) VALUES (?, ?, ?, ?)",
                [credential.accountID.rawValue, credential.passwordHash, credential.verifiedAt, credential.updatedAt]
            )
        }
    }

    /// The account's password credential, or `nil`.
    public func passwordCredential(of accountID: AccountID) throws(StoreError) -> PasswordCredential? {
        try read("passwordCredential") { connection throws(StoreError) in
            try connection.firstRow(
                "SELECT \(PasswordCredential.columns) FROM password_credentials WHERE account_id = ?",
                [accountID.rawValue],
                PasswordCredential.init
            )
        }
    }

    /// Replaces the hash, if it is still `expectedHash` when one is given.
    /// - Throws: `.notFound` when the account has no password credential.
    @discardableResult
    public func updatePasswordHash(
        of accountID: AccountID,
        to newHash: String,
        replacing expectedHash: String?,
        at date: Date
    ) throws(StoreError) -> Bool {
        try write("updatePasswordHash") { connection throws(StoreError) in
            let changed = try connection.run(
                """
                UPDATE password_credentials SET password_hash = ?, updated_at = ?
                WHERE account_id = ? AND (? IS NULL OR password_hash = ?)
                """,
                [newHash, date, accountID.rawValue, expectedHash, expectedHash]
            )
            if changed > 0 { return true }
            guard try connection.hasPasswordCredential(accountID) else {
                throw StoreError(.notFound, "no password credential for the account")
            }
            return false
        }
    }

    /// Sets `verified_at` unless it is set already. - Throws: `.notFound` when there is no credential.
    public func markPasswordVerified(of accountID: AccountID, at date: Date) throws(StoreError) {
        try write("markPasswordVerified") { connection throws(StoreError) in
            let changed = try connection.run(
                "UPDATE password_credentials SET verified_at = coalesce(verified_at, ?) WHERE account_id = ?",
                [date, accountID.rawValue]
            )
            guard changed > 0 else { throw StoreError(.notFound, "no password credential for the account") }
        }
    }
}

extension Connection {
    fileprivate func hasPasswordCredential(_ accountID: AccountID) throws(StoreError) -> Bool {
        try firstRow("SELECT 1 FROM password_credentials WHERE account_id = ?", [accountID.rawValue]) { _ in true }
            ?? false
    }
}

extension PasswordCredential {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns = "account_id, password_hash, verified_at, updated_at"

    fileprivate init(row: Row) throws(StoreError) {
        self.init(
            accountID: try row.value(0),
            passwordHash: try row.text(1),
            verifiedAt: try row.optionalDate(2),
            updatedAt: try row.date(3)
        )
    }
}
