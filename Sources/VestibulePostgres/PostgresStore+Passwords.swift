public import Foundation
public import VestibuleCore

extension PostgresStore {
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
            try connection.query(
                "INSERT INTO password_credentials (\(PasswordCredential.columns)) VALUES ($1, $2, $3, $4)",
                [credential.accountID.rawValue, credential.passwordHash, credential.verifiedAt, credential.updatedAt]
            )
        }
    }

    /// The account's password credential, or `nil`.
    public func passwordCredential(of accountID: AccountID) throws(StoreError) -> PasswordCredential? {
        try withConnection("passwordCredential") { connection throws(StoreError) in
            try connection.query(
                "SELECT \(PasswordCredential.columns) FROM password_credentials WHERE account_id = $1",
                [accountID.rawValue]
            ).firstRow(PasswordCredential.init)
        }
    }

    /// Replaces the hash, if it is still `expectedHash` when one is given.
    ///
    /// The comparison is in the `UPDATE`'s `WHERE`: a concurrent change of the same row makes this one wait
    /// and re-evaluate it against the committed hash, so a stale expectation never overwrites a newer hash.
    /// - Throws: `.notFound` when the account has no password credential.
    @discardableResult
    public func updatePasswordHash(
        of accountID: AccountID,
        to newHash: String,
        replacing expectedHash: String?,
        at date: Date
    ) throws(StoreError) -> Bool {
        try transaction("updatePasswordHash") { connection throws(StoreError) in
            let changed = try connection.query(
                """
                UPDATE password_credentials SET password_hash = $1, updated_at = $2
                WHERE account_id = $3 AND ($4::text IS NULL OR password_hash = $4::text)
                """,
                [newHash, date, accountID.rawValue, expectedHash]
            ).changedRows
            if changed > 0 { return true }
            let exists = try connection.query(
                "SELECT 1 FROM password_credentials WHERE account_id = $1", [accountID.rawValue]
            ).rowCount > 0
            guard exists else { throw StoreError(.notFound, "no password credential for the account") }
            return false
        }
    }

    /// Sets `verified_at` unless it is set already. - Throws: `.notFound` when there is no credential.
    public func markPasswordVerified(of accountID: AccountID, at date: Date) throws(StoreError) {
        try withConnection("markPasswordVerified") { connection throws(StoreError) in
            let changed = try connection.query(
                "UPDATE password_credentials SET verified_at = coalesce(verified_at, $1::bigint) WHERE account_id = $2",
                [date, accountID.rawValue]
            ).changedRows
            guard changed > 0 else { throw StoreError(.notFound, "no password credential for the account") }
        }
    }
}

extension PasswordCredential {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns = "account_id, password_hash, verified_at, updated_at"

    fileprivate init(row: PostgresRow) throws(StoreError) {
        self.init(
            accountID: try row.value(0),
            passwordHash: try row.text(1),
            verifiedAt: try row.optionalDate(2),
            updatedAt: try row.date(3)
        )
    }
}
