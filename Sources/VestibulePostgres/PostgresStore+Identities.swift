public import Foundation
public import VestibuleCore

extension PostgresStore {
    /// Links `identity` to its account.
    /// - Throws: `.conflict` when `(method, subject)` is linked already, `.notFound` when the account is missing.
    public func addIdentity(_ identity: Identity) throws(StoreError) {
        try withConnection("addIdentity") { connection throws(StoreError) in try connection.insert(identity) }
    }

    /// The identity for exactly this method and subject, or `nil`.
    public func identity(method: SignInMethod, subject: String) throws(StoreError) -> Identity? {
        try withConnection("identity") { connection throws(StoreError) in
            try connection.query(
                "SELECT \(Identity.columns) FROM identities WHERE method = $1 AND subject = $2",
                [method.rawValue, subject]
            ).firstRow(Identity.init)
        }
    }

    /// The account's identities, oldest first.
    public func identities(of accountID: AccountID) throws(StoreError) -> [Identity] {
        try withConnection("identities") { connection throws(StoreError) in
            // seq breaks ties between identities created in the same millisecond: insertion order.
            try connection.query(
                "SELECT \(Identity.columns) FROM identities WHERE account_id = $1 ORDER BY created_at, seq",
                [accountID.rawValue]
            ).rows(Identity.init)
        }
    }

    /// Sets when the identity was last used to sign in. - Throws: `.notFound` when it does not exist.
    public func recordIdentityUse(method: SignInMethod, subject: String, at date: Date) throws(StoreError) {
        try withConnection("recordIdentityUse") { connection throws(StoreError) in
            let changed = try connection.query(
                "UPDATE identities SET last_used_at = $1 WHERE method = $2 AND subject = $3",
                [date, method.rawValue, subject]
            ).changedRows
            guard changed > 0 else { throw StoreError(.notFound, "no such identity") }
        }
    }

    /// Unlinks the identity. Removing one that does not exist is not an error.
    public func removeIdentity(method: SignInMethod, subject: String) throws(StoreError) {
        try withConnection("removeIdentity") { connection throws(StoreError) in
            _ = try connection.query(
                "DELETE FROM identities WHERE method = $1 AND subject = $2", [method.rawValue, subject]
            )
        }
    }
}

extension PostgresConnection {
    /// Inserts an identity; shared by account creation and linking.
    func insert(_ identity: Identity) throws(StoreError) {
        try query(
            "INSERT INTO identities (\(Identity.columns)) VALUES ($1, $2, $3, $4, $5, $6)",
            [
                identity.accountID.rawValue, identity.method.rawValue, identity.subject, identity.email,
                identity.createdAt, identity.lastUsedAt,
            ]
        )
    }
}

extension Identity {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns = "account_id, method, subject, email, created_at, last_used_at"

    fileprivate init(row: PostgresRow) throws(StoreError) {
        self.init(
            accountID: try row.value(0),
            method: try row.value(1),
            subject: try row.text(2),
            email: try row.optionalText(3),
            createdAt: try row.date(4),
            lastUsedAt: try row.optionalDate(5)
        )
    }
}
