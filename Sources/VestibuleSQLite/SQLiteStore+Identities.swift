public import Foundation
public import VestibuleCore

extension SQLiteStore {
    /// Links `identity` to its account.
    /// - Throws: `.conflict` when `(method, subject)` is linked already, `.notFound` when the account is missing.
    public func addIdentity(_ identity: Identity) throws(StoreError) {
        try write("addIdentity") { connection throws(StoreError) in try connection.insert(identity) }
    }

    /// The identity for exactly this method and subject, or `nil`.
    public func identity(method: SignInMethod, subject: String) throws(StoreError) -> Identity? {
        try read("identity") { connection throws(StoreError) in
            try connection.firstRow(
                "SELECT \(Identity.columns) FROM identities WHERE method = ? AND subject = ?",
                [method.rawValue, subject],
                Identity.init
            )
        }
    }

    /// The account's identities, oldest first.
    public func identities(of accountID: AccountID) throws(StoreError) -> [Identity] {
        try read("identities") { connection throws(StoreError) in
            // rowid breaks ties between identities created in the same millisecond: insertion order.
            try connection.rows(
                "SELECT \(Identity.columns) FROM identities WHERE account_id = ? ORDER BY created_at, rowid",
                [accountID.rawValue],
                Identity.init
            )
        }
    }

    /// Sets when the identity was last used to sign in. - Throws: `.notFound` when it does not exist.
    public func recordIdentityUse(method: SignInMethod, subject: String, at date: Date) throws(StoreError) {
        try write("recordIdentityUse") { connection throws(StoreError) in
            let changed = try connection.run(
                "UPDATE identities SET last_used_at = ? WHERE method = ? AND subject = ?",
                [date, method.rawValue, subject]
            )
            guard changed > 0 else { throw StoreError(.notFound, "no such identity") }
        }
    }

    /// Unlinks the identity. Removing one that does not exist is not an error.
    public func removeIdentity(method: SignInMethod, subject: String) throws(StoreError) {
        try write("removeIdentity") { connection throws(StoreError) in
            try connection.run("DELETE FROM identities WHERE method = ? AND subject = ?", [method.rawValue, subject])
        }
    }
}

extension Connection {
    /// Inserts an identity; shared by account creation and linking.
    func insert(_ identity: Identity) throws(StoreError) {
        try run(
            "INSERT INTO identities (\(Identity.columns)) VALUES (?, ?, ?, ?, ?, ?)",
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

    fileprivate init(row: Row) throws(StoreError) {
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
