package import VestibuleCore

extension SQLStore {
    /// One `INSERT … ON CONFLICT … DO UPDATE`, so a value given again replaces the earlier one atomically.
    /// - Throws: `.notFound` when the account does not exist (its foreign key).
    public func saveAccountField(_ value: FieldValue, of accountID: AccountID) throws(StoreError) {
        try writing("saveAccountField") { connection throws(StoreError) in
            try connection.run(
                """
                INSERT INTO account_fields (account_id, name, value, given_at)
                VALUES (\(accountID.rawValue), \(value.name), \(value.value), \(value.givenAt))
                ON CONFLICT (account_id, name) DO UPDATE SET value = excluded.value, given_at = excluded.given_at
                """
            )
        }
    }

    public func accountFields(of accountID: AccountID) throws(StoreError) -> [FieldValue] {
        try reading("accountFields") { connection throws(StoreError) in
            try connection.rows(
                "SELECT name, value, given_at FROM account_fields WHERE account_id = \(accountID.rawValue) ORDER BY name"
            ) { row throws(StoreError) in
                FieldValue(name: try row.text(0), value: try row.text(1), givenAt: try row.date(2))
            }
        }
    }

    @discardableResult
    public func deleteAccountField(name: String, of accountID: AccountID) throws(StoreError) -> Bool {
        try writing("deleteAccountField") { connection throws(StoreError) in
            try connection.run(
                "DELETE FROM account_fields WHERE account_id = \(accountID.rawValue) AND name = \(name)"
            ) > 0
        }
    }
}
