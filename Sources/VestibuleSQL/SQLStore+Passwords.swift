package import Foundation
package import VestibuleCore

extension SQLStore {
    /// Inserts the account, its password identity and its credential in one transaction.
    /// - Throws: `.conflict` when the identity is linked already or the account id exists; nothing is stored then.
    public func createPasswordAccount(
        _ account: Account,
        identity: Identity,
        credential: PasswordCredential
    ) throws(StoreError) {
        try transaction("createPasswordAccount") { connection throws(StoreError) in
            try connection.insert(account)
            try connection.insert(identity)
            try connection.run(
                """
                INSERT INTO password_credentials (\(PasswordCredential.columns)) VALUES (
                    \(credential.accountID.rawValue), \(credential.passwordHash), \(credential.verifiedAt),
                    \(credential.updatedAt)
                )
                """
            )
        }
    }

    /// The account's password credential, or `nil`.
    public func passwordCredential(of accountID: AccountID) throws(StoreError) -> PasswordCredential? {
        try reading("passwordCredential") { connection throws(StoreError) in
            try connection.firstRow(
                """
                SELECT \(PasswordCredential.columns) FROM password_credentials
                WHERE account_id = \(accountID.rawValue)
                """,
                PasswordCredential.init
            )
        }
    }

    /// Replaces the hash, if it is still `expectedHash` when one is given.
    ///
    /// The comparison is in the `UPDATE`'s `WHERE`, so it is made on the row as committed: SQLite's single
    /// writer changes no row meanwhile, and on PostgreSQL a concurrent change of the same row makes this one
    /// wait and re-evaluate it against the committed hash, so a stale expectation never overwrites a newer hash.
    /// - Throws: `.notFound` when the account has no password credential.
    @discardableResult
    public func updatePasswordHash(
        of accountID: AccountID,
        to newHash: String,
        replacing expectedHash: String?,
        at date: Date
    ) throws(StoreError) -> Bool {
        try transaction("updatePasswordHash") { connection throws(StoreError) in
            let changed = try connection.run(
                """
                UPDATE password_credentials SET password_hash = \(newHash), updated_at = \(date)
                WHERE account_id = \(accountID.rawValue)
                AND (\(expectedHash) IS NULL OR password_hash = \(expectedHash))
                """
            )
            if changed > 0 { return true }
            let exists = try connection.firstRow(
                "SELECT 1 FROM password_credentials WHERE account_id = \(accountID.rawValue)", { _ in true }
            )
            guard exists != nil else { throw StoreError(.notFound, "no password credential for the account") }
            return false
        }
    }

    /// Sets `verified_at` unless it is set already. - Throws: `.notFound` when there is no credential.
    public func markPasswordVerified(of accountID: AccountID, at date: Date) throws(StoreError) {
        try writing("markPasswordVerified") { connection throws(StoreError) in
            let changed = try connection.run(
                """
                UPDATE password_credentials SET verified_at = coalesce(verified_at, \(date))
                WHERE account_id = \(accountID.rawValue)
                """
            )
            guard changed > 0 else { throw StoreError(.notFound, "no password credential for the account") }
        }
    }
}

extension PasswordCredential {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns: SQL = "account_id, password_hash, verified_at, updated_at"

    fileprivate init(row: SQLRow) throws(StoreError) {
        self.init(
            accountID: try row.value(0),
            passwordHash: try row.text(1),
            verifiedAt: try row.optionalDate(2),
            updatedAt: try row.date(3)
        )
    }
}
