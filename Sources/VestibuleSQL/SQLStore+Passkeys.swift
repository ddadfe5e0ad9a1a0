package import Foundation
package import VestibuleCore

extension SQLStore {
    /// Stores a challenge; a second one with the same hash (32 random bytes colliding) fails with `.conflict`.
    public func savePasskeyChallenge(_ challenge: PasskeyChallenge) throws(StoreError) {
        try writing("savePasskeyChallenge") { connection throws(StoreError) in
            try connection.run(
                """
                INSERT INTO passkey_challenges (\(PasskeyChallenge.columns)) VALUES (
                    \(challenge.challengeHash), \(challenge.purpose.rawValue), \(challenge.accountID?.rawValue),
                    \(challenge.displayName), \(challenge.expiresAt)
                )
                """
            )
        }
    }

    /// Deletes the challenge and returns it, in one `DELETE … RETURNING`: a concurrent caller runs after it (on
    /// SQLite's single writer, or waiting for PostgreSQL's row lock), then finds the row gone.
    public func consumePasskeyChallenge(challengeHash: [UInt8]) throws(StoreError) -> PasskeyChallenge? {
        try writing("consumePasskeyChallenge") { connection throws(StoreError) in
            try connection.firstRow(
                """
                DELETE FROM passkey_challenges WHERE challenge_hash = \(challengeHash)
                RETURNING \(PasskeyChallenge.columns)
                """,
                PasskeyChallenge.init
            )
        }
    }

    /// Deletes challenges that expired before `date`, and returns how many.
    @discardableResult
    public func deleteExpiredPasskeyChallenges(now date: Date) throws(StoreError) -> Int {
        try writing("deleteExpiredPasskeyChallenges") { connection throws(StoreError) in
            try connection.run("DELETE FROM passkey_challenges WHERE expires_at < \(date)")
        }
    }

    /// Inserts the account, its passkey identity and the credential in one transaction.
    public func createPasskeyAccount(
        _ account: Account,
        identity: Identity,
        credential: PasskeyCredential
    ) throws(StoreError) {
        try transaction("createPasskeyAccount") { connection throws(StoreError) in
            try connection.insert(account)
            try connection.insert(identity)
            try connection.insert(credential)
        }
    }

    /// Inserts the passkey's identity and credential in one transaction.
    public func addPasskey(_ credential: PasskeyCredential, identity: Identity) throws(StoreError) {
        try transaction("addPasskey") { connection throws(StoreError) in
            try connection.insert(identity)
            try connection.insert(credential)
        }
    }

    public func passkey(id: [UInt8]) throws(StoreError) -> PasskeyCredential? {
        try reading("passkey") { connection throws(StoreError) in
            try connection.firstRow(
                "SELECT \(PasskeyCredential.columns) FROM passkey_credentials WHERE credential_id = \(id)",
                PasskeyCredential.init
            )
        }
    }

    /// The account's passkeys, oldest first.
    public func passkeys(of accountID: AccountID) throws(StoreError) -> [PasskeyCredential] {
        try reading("passkeys") { connection throws(StoreError) in
            try connection.rows(
                """
                SELECT \(PasskeyCredential.columns) FROM passkey_credentials WHERE account_id = \(accountID.rawValue)
                ORDER BY created_at, \(.insertionOrder)
                """,
                PasskeyCredential.init
            )
        }
    }

    /// Updates the passkey if its counter is still `expectedSignCount`, and its identity's last use with it,
    /// in one transaction. The counter is compared in the `UPDATE`'s `WHERE`, on the row as committed.
    public func recordPasskeyAssertion(
        id: [UInt8],
        expectedSignCount: UInt32,
        newSignCount: UInt32,
        backedUp: Bool,
        cloneWarning: Bool,
        at date: Date
    ) throws(StoreError) -> Bool {
        try transaction("recordPasskeyAssertion") { connection throws(StoreError) in
            let changed = try connection.run(
                """
                UPDATE passkey_credentials SET sign_count = \(Int64(newSignCount)), backed_up = \(backedUp),
                    last_used_at = \(date),
                    clone_warning_at = CASE WHEN \(cloneWarning) = 1 THEN \(date) ELSE clone_warning_at END
                WHERE credential_id = \(id) AND sign_count = \(Int64(expectedSignCount))
                """
            )
            guard changed > 0 else { return false }
            try connection.run(
                """
                UPDATE identities SET last_used_at = \(date)
                WHERE method = \(SignInMethod.passkey.rawValue) AND subject = \(PasskeyCredential.subject(of: id))
                """
            )
            return true
        }
    }

    public func renamePasskey(id: [UInt8], of accountID: AccountID, to name: String) throws(StoreError) -> Bool {
        try writing("renamePasskey") { connection throws(StoreError) in
            try connection.run(
                """
                UPDATE passkey_credentials SET name = \(name)
                WHERE credential_id = \(id) AND account_id = \(accountID.rawValue)
                """
            ) > 0
        }
    }

    /// Deletes the passkey and its identity unless they are the account's last way in (see
    /// ``SQLConnection/removeSignInMethod(of:isOwned:remove:)``).
    public func deletePasskey(id: [UInt8], of accountID: AccountID) throws(StoreError) -> SignInMethodRemoval {
        try transaction("deletePasskey") { connection throws(StoreError) in
            try connection.removeSignInMethod(
                of: accountID,
                isOwned: { () throws(StoreError) in
                    try connection.firstRow(
                        """
                        SELECT 1 FROM passkey_credentials
                        WHERE credential_id = \(id) AND account_id = \(accountID.rawValue)
                        """,
                        { _ in true }
                    ) ?? false
                },
                remove: { () throws(StoreError) in
                    try connection.run("DELETE FROM passkey_credentials WHERE credential_id = \(id)")
                    try connection.run(
                        """
                        DELETE FROM identities
                        WHERE method = \(SignInMethod.passkey.rawValue) AND subject = \(PasskeyCredential.subject(of: id))
                        """
                    )
                }
            )
        }
    }
}

extension SQLConnection {
    fileprivate func insert(_ credential: PasskeyCredential) throws(StoreError) {
        try run(
            """
            INSERT INTO passkey_credentials (\(PasskeyCredential.columns)) VALUES (
                \(credential.id), \(credential.accountID.rawValue), \(credential.publicKey),
                \(Int64(credential.signCount)), \(credential.backupEligible), \(credential.backedUp),
                \(credential.transports.joined(separator: ",")), \(credential.aaguid), \(credential.name),
                \(credential.createdAt), \(credential.lastUsedAt), \(credential.cloneWarningAt)
            )
            """
        )
    }
}

extension PasskeyCredential {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns: SQL = """
        credential_id, account_id, public_key, sign_count, backup_eligible, backed_up, transports, aaguid, name, \
        created_at, last_used_at, clone_warning_at
        """

    fileprivate init(row: SQLRow) throws(StoreError) {
        self.init(
            id: try row.blob(0),
            accountID: try row.value(1),
            publicKey: try row.blob(2),
            signCount: UInt32(clamping: try row.integer(3)),
            backupEligible: try row.boolean(4),
            backedUp: try row.boolean(5),
            transports: try row.text(6).split(separator: ",").map(String.init),
            aaguid: try row.blob(7),
            name: try row.text(8),
            createdAt: try row.date(9),
            lastUsedAt: try row.optionalDate(10),
            cloneWarningAt: try row.optionalDate(11)
        )
    }
}

extension PasskeyChallenge {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns: SQL = "challenge_hash, purpose, account_id, display_name, expires_at"

    fileprivate init(row: SQLRow) throws(StoreError) {
        self.init(
            challengeHash: try row.blob(0),
            purpose: try row.value(1),
            accountID: try row.optionalText(2).map(AccountID.init(rawValue:)),
            displayName: try row.optionalText(3),
            expiresAt: try row.date(4)
        )
    }
}
