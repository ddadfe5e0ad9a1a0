package import Foundation
package import VestibuleCore

extension SQLStore {
    /// Links `identity` to its account.
    /// - Throws: `.conflict` when `(method, subject)` is linked already, `.notFound` when the account is missing.
    public func addIdentity(_ identity: Identity) throws(StoreError) {
        try writing("addIdentity") { connection throws(StoreError) in try connection.insert(identity) }
    }

    /// The identity for exactly this method and subject, or `nil`.
    public func identity(method: SignInMethod, subject: String) throws(StoreError) -> Identity? {
        try reading("identity") { connection throws(StoreError) in
            try connection.firstRow(
                "SELECT \(Identity.columns) FROM identities WHERE method = \(method.rawValue) AND subject = \(subject)",
                Identity.init
            )
        }
    }

    /// The account's identities, oldest first.
    public func identities(of accountID: AccountID) throws(StoreError) -> [Identity] {
        try reading("identities") { connection throws(StoreError) in
            // The insertion order breaks ties between identities created in the same millisecond.
            try connection.rows(
                """
                SELECT \(Identity.columns) FROM identities WHERE account_id = \(accountID.rawValue)
                ORDER BY created_at, \(.insertionOrder)
                """,
                Identity.init
            )
        }
    }

    /// Sets when the identity was last used to sign in. - Throws: `.notFound` when it does not exist.
    public func recordIdentityUse(method: SignInMethod, subject: String, at date: Date) throws(StoreError) {
        try writing("recordIdentityUse") { connection throws(StoreError) in
            let changed = try connection.run(
                """
                UPDATE identities SET last_used_at = \(date)
                WHERE method = \(method.rawValue) AND subject = \(subject)
                """
            )
            guard changed > 0 else { throw StoreError(.notFound, "no such identity") }
        }
    }

    /// Unlinks the identity. Removing one that does not exist is not an error.
    public func removeIdentity(method: SignInMethod, subject: String) throws(StoreError) {
        try writing("removeIdentity") { connection throws(StoreError) in
            try connection.run("DELETE FROM identities WHERE method = \(method.rawValue) AND subject = \(subject)")
        }
    }
}

extension SQLConnection {
    /// Inserts an identity; shared by account creation and linking.
    func insert(_ identity: Identity) throws(StoreError) {
        try run(
            """
            INSERT INTO identities (\(Identity.columns)) VALUES (
                \(identity.accountID.rawValue), \(identity.method.rawValue), \(identity.subject), \(identity.email),
                \(identity.createdAt), \(identity.lastUsedAt)
            )
            """
        )
    }
}

extension Identity {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns: SQL = "account_id, method, subject, email, created_at, last_used_at"

    fileprivate init(row: SQLRow) throws(StoreError) {
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

extension SQLConnection {
    /// Locks the account's row until the transaction ends, so that what a transaction reads about the account
    /// (its sign-in methods, its documents) stays as read until it commits: SQLite's single writer holds the
    /// whole database for the transaction already; PostgreSQL locks the row `FOR UPDATE`. Returns whether the
    /// account exists.
    @discardableResult
    func lockAccount(_ accountID: AccountID) throws(StoreError) -> Bool {
        try firstRow("SELECT 1 FROM accounts WHERE id = \(accountID.rawValue) \(.forUpdate)") { _ in true } ?? false
    }

    /// Removes one of the account's sign-in methods, inside the caller's transaction, unless it is the last:
    /// the account is locked first, so concurrent removals (and linkings) of one account's methods run one
    /// after another and each counts what the previous one left (SQLite's single writer holds the database for
    /// the whole transaction; PostgreSQL locks the account row `FOR UPDATE`).
    func removeSignInMethod(
        of accountID: AccountID,
        isOwned: () throws(StoreError) -> Bool,
        remove: () throws(StoreError) -> Void
    ) throws(StoreError) -> SignInMethodRemoval {
        try lockAccount(accountID)
        guard try isOwned() else { return .notFound }
        let methods = try firstRow(
            "SELECT count(*) FROM identities WHERE account_id = \(accountID.rawValue)"
        ) { row throws(StoreError) in try row.integer(0) } ?? 0
        guard methods > 1 else { return .lastSignInMethod }
        try remove()
        return .deleted
    }
}
