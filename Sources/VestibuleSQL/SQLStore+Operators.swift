package import Foundation
package import VestibuleCore

extension SQLStore {
    /// Adds the operator; an existing one keeps its date.
    /// - Throws: `.notFound` when the account does not exist.
    public func addOperator(_ accountID: AccountID, at date: Date) throws(StoreError) {
        try writing("addOperator") { connection throws(StoreError) in
            try connection.run(
                """
                INSERT INTO operators (account_id, added_at) VALUES (\(accountID.rawValue), \(date))
                ON CONFLICT (account_id) DO NOTHING
                """
            )
        }
    }

    @discardableResult
    public func removeOperator(_ accountID: AccountID) throws(StoreError) -> Bool {
        try writing("removeOperator") { connection throws(StoreError) in
            try connection.run("DELETE FROM operators WHERE account_id = \(accountID.rawValue)") > 0
        }
    }

    public func isOperator(_ accountID: AccountID) throws(StoreError) -> Bool {
        try reading("isOperator") { connection throws(StoreError) in
            try connection.firstRow("SELECT 1 FROM operators WHERE account_id = \(accountID.rawValue)") { _ in true } ?? false
        }
    }

    public func operators() throws(StoreError) -> [(account: Account, since: Date)] {
        let rows = try reading("operators") { connection throws(StoreError) in
            try connection.rows("SELECT account_id, added_at FROM operators ORDER BY added_at, account_id") {
                row throws(StoreError) -> (AccountID, Date) in (try row.value(0), try row.date(1))
            }
        }
        var operators: [(account: Account, since: Date)] = []
        for (id, since) in rows {
            if let account = try account(id: id) { operators.append((account, since)) }
        }
        return operators
    }

    public func insertOperatorInvitation(tokenHash: [UInt8], email: String, expiresAt: Date) throws(StoreError) {
        try writing("insertOperatorInvitation") { connection throws(StoreError) in
            try connection.run(
                """
                INSERT INTO operator_invitations (token_hash, email, expires_at)
                VALUES (\(tokenHash), \(email), \(expiresAt))
                """
            )
        }
    }

    public func consumeOperatorInvitation(tokenHash: [UInt8], now: Date) throws(StoreError) -> String? {
        try transaction("consumeOperatorInvitation") { connection throws(StoreError) in
            let invitation = try connection.firstRow(
                "SELECT email, expires_at FROM operator_invitations WHERE token_hash = \(tokenHash)"
            ) { row throws(StoreError) in (email: try row.text(0), expiresAt: try row.date(1)) }
            guard let invitation else { return nil }
            try connection.run("DELETE FROM operator_invitations WHERE token_hash = \(tokenHash)")
            return invitation.expiresAt > now ? invitation.email : nil
        }
    }
}
