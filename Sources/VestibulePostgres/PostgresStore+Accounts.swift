public import VestibuleCore

extension PostgresStore {
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
        try withConnection("account") { connection throws(StoreError) in
            try connection.query("SELECT \(Account.columns) FROM accounts WHERE id = $1", [id.rawValue])
                .firstRow(Account.init)
        }
    }

    /// Replaces the display name and email. - Throws: `.notFound` when the account does not exist.
    public func updateAccount(_ account: Account) throws(StoreError) {
        try withConnection("updateAccount") { connection throws(StoreError) in
            let changed = try connection.query(
                "UPDATE accounts SET display_name = $1, email = $2 WHERE id = $3",
                [account.displayName, account.email, account.id.rawValue]
            ).changedRows
            guard changed > 0 else { throw StoreError(.notFound, "no such account") }
        }
    }

    /// Deletes the account; its identities, sessions and password credential go with it (`ON DELETE CASCADE`).
    public func deleteAccount(id: AccountID) throws(StoreError) {
        try withConnection("deleteAccount") { connection throws(StoreError) in
            _ = try connection.query("DELETE FROM accounts WHERE id = $1", [id.rawValue])
        }
    }
}

extension PostgresConnection {
    /// Inserts an account; shared by the ways accounts are created.
    func insert(_ account: Account) throws(StoreError) {
        try query(
            "INSERT INTO accounts (\(Account.columns)) VALUES ($1, $2, $3, $4)",
            [account.id.rawValue, account.displayName, account.email, account.createdAt]
        )
    }
}

extension Account {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns = "id, display_name, email, created_at"

    fileprivate init(row: PostgresRow) throws(StoreError) {
        self.init(
            id: try row.value(0),
            displayName: try row.optionalText(1),
            email: try row.optionalText(2),
            createdAt: try row.date(3)
        )
    }
}
