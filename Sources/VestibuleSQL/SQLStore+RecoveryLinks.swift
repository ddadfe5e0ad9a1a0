package import Foundation
package import VestibuleCore

extension SQLStore {
    /// One statement: the account's earlier link, if any, becomes this one.
    /// - Throws: `.notFound` when the account does not exist.
    public func replaceRecoveryLink(tokenHash: [UInt8], accountID: AccountID, expiresAt: Date) throws(StoreError) {
        try writing("replaceRecoveryLink") { connection throws(StoreError) in
            try connection.run(
                """
                INSERT INTO recovery_links (token_hash, account_id, expires_at)
                VALUES (\(tokenHash), \(accountID.rawValue), \(expiresAt))
                ON CONFLICT (account_id) DO UPDATE SET token_hash = excluded.token_hash, expires_at = excluded.expires_at
                """
            )
        }
    }

    public func recoveryLinkAccount(tokenHash: [UInt8], now: Date) throws(StoreError) -> AccountID? {
        try reading("recoveryLinkAccount") { connection throws(StoreError) in
            try connection.firstRow(
                "SELECT account_id FROM recovery_links WHERE token_hash = \(tokenHash) AND expires_at > \(now)"
            ) { row throws(StoreError) in try row.value(0) }
        }
    }

    /// The delete is the claim: of two concurrent redemptions, only one deletes the row and sees it.
    public func consumeRecoveryLink(tokenHash: [UInt8], now: Date) throws(StoreError) -> AccountID? {
        try writing("consumeRecoveryLink") { connection throws(StoreError) in
            try connection.firstRow(
                """
                DELETE FROM recovery_links WHERE token_hash = \(tokenHash) AND expires_at > \(now)
                RETURNING account_id
                """
            ) { row throws(StoreError) in try row.value(0) }
        }
    }

    @discardableResult
    public func deleteExpiredRecoveryLinks(now: Date) throws(StoreError) -> Int {
        try writing("deleteExpiredRecoveryLinks") { connection throws(StoreError) in
            try connection.run("DELETE FROM recovery_links WHERE expires_at <= \(now)")
        }
    }
}
