package import Foundation
package import VestibuleCore

extension SQLStore {
    /// Inserts the account and its first identity in one transaction.
    /// - Throws: `.conflict` when the identity is linked already or the account id exists; nothing is stored then.
    public func createAccount(_ account: Account, identity: Identity) throws(StoreError) {
        try transaction("createAccount") { connection throws(StoreError) in
            try connection.insert(account)
            try connection.insert(identity)
        }
    }

    /// The account with `id`, or `nil`.
    public func account(id: AccountID) throws(StoreError) -> Account? {
        try reading("account") { connection throws(StoreError) in
            try connection.firstRow("SELECT \(Account.columns) FROM accounts WHERE id = \(id.rawValue)", Account.init)
        }
    }

    /// Replaces the display name, the email and the handed-over email. - Throws: `.notFound` when the account does not exist.
    public func updateAccount(_ account: Account) throws(StoreError) {
        try writing("updateAccount") { connection throws(StoreError) in
            let changed = try connection.run(
                """
                UPDATE accounts SET display_name = \(account.displayName), email = \(account.email),
                handed_over_email = \(account.handedOverEmail?.address),
                handed_over_email_app_id = \(account.handedOverEmail?.appID)
                WHERE id = \(account.id.rawValue)
                """
            )
            guard changed > 0 else { throw StoreError(.notFound, "no such account") }
        }
    }

    /// Sets or clears `disabled_at`; returns whether the account exists.
    @discardableResult
    public func setAccountDisabled(id: AccountID, at date: Date?) throws(StoreError) -> Bool {
        try writing("setAccountDisabled") { connection throws(StoreError) in
            try connection.run("UPDATE accounts SET disabled_at = \(date) WHERE id = \(id.rawValue)") > 0
        }
    }

    /// Accounts by id, or by a part of their email, name or any sign-in method's email, ignoring case.
    public func searchAccounts(matching text: String, limit: Int) throws(StoreError) -> [Account] {
        // LIKE's own wildcards in what was typed match only themselves.
        let escaped = text.lowercased().replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        let pattern = "%" + escaped + "%"
        return try reading("searchAccounts") { connection throws(StoreError) in
            try connection.rows(
                """
                SELECT \(Account.columns) FROM accounts WHERE id = \(text)
                    OR lower(email) LIKE \(pattern) ESCAPE '\\' OR lower(display_name) LIKE \(pattern) ESCAPE '\\'
                    OR id IN (SELECT account_id FROM identities WHERE lower(email) LIKE \(pattern) ESCAPE '\\'
                        OR (method = 'password' AND lower(subject) LIKE \(pattern) ESCAPE '\\'))
                ORDER BY created_at DESC, id LIMIT \(Int64(limit))
                """,
                Account.init
            )
        }
    }

    /// Deletes the account; its identities, sessions, password credential and field values go with it
    /// (`ON DELETE CASCADE`), and its audit events.
    public func deleteAccount(id: AccountID) throws(StoreError) {
        try transaction("deleteAccount") { connection throws(StoreError) in try connection.deleteAccount(id) }
    }
}

extension SQLConnection {
    /// Deletes the account and every row about it, inside the caller's transaction: the rows of other tables that
    /// name it go by `ON DELETE CASCADE`, its audit events (which name it without a foreign key) here.
    func deleteAccount(_ id: AccountID) throws(StoreError) {
        try run("DELETE FROM accounts WHERE id = \(id.rawValue)")
        try run("DELETE FROM audit_events WHERE account_id = \(id.rawValue)")
    }

    /// Inserts an account; shared by the ways accounts are created.
    func insert(_ account: Account) throws(StoreError) {
        try run(
            """
            INSERT INTO accounts (\(Account.columns))
            VALUES (
                \(account.id.rawValue), \(account.displayName), \(account.email), \(account.createdAt),
                \(account.handedOverEmail?.address), \(account.handedOverEmail?.appID), \(account.disabledAt)
            )
            """
        )
    }
}

extension Account {
    /// The columns `init(row:)` decodes, in order.
    private static let columnNames = [
        "id", "display_name", "email", "created_at", "handed_over_email", "handed_over_email_app_id", "disabled_at",
    ]
    fileprivate static let columns = SQL(columns: columnNames)
    /// ``columns`` named with their table, for a statement that joins another.
    static let qualifiedColumns = SQL(columns: columnNames, of: "accounts")

    init(row: SQLRow) throws(StoreError) {
        var handedOver: HandedOverEmail?
        if let address = try row.optionalText(4), let appID = try row.optionalText(5) {
            handedOver = HandedOverEmail(address: address, appID: appID)
        }
        self.init(
            id: try row.value(0),
            displayName: try row.optionalText(1),
            email: try row.optionalText(2),
            handedOverEmail: handedOver,
            createdAt: try row.date(3),
            disabledAt: try row.optionalDate(6)
        )
    }
}
