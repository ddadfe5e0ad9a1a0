public import Foundation
public import VestibuleCore

extension SQLiteStore {
    /// Stores a challenge; a second one with the same hash (32 random bytes colliding) fails with `.conflict`.
    public func savePasskeyChallenge(_ challenge: PasskeyChallenge) throws(StoreError) {
        try write("savePasskeyChallenge") { connection throws(StoreError) in
            try connection.run(
                "INSERT INTO passkey_challenges (\(PasskeyChallenge.columns)) VALUES (?, ?, ?, ?, ?)",
                [
                    challenge.challengeHash, challenge.purpose.rawValue, challenge.accountID?.rawValue,
                    challenge.displayName, challenge.expiresAt,
                ]
            )
        }
    }

    /// Deletes the challenge and returns it, in one `DELETE … RETURNING` on the single writer.
    public func consumePasskeyChallenge(challengeHash: [UInt8]) throws(StoreError) -> PasskeyChallenge? {
        try write("consumePasskeyChallenge") { connection throws(StoreError) in
            try connection.firstRow(
                "DELETE FROM passkey_challenges WHERE challenge_hash = ? RETURNING \(PasskeyChallenge.columns)",
                [challengeHash],
                PasskeyChallenge.init
            )
        }
    }

    /// Deletes challenges that expired before `date`, and returns how many.
    @discardableResult
    public func deleteExpiredPasskeyChallenges(now date: Date) throws(StoreError) -> Int {
        try write("deleteExpiredPasskeyChallenges") { connection throws(StoreError) in
            try connection.run("DELETE FROM passkey_challenges WHERE expires_at < ?", [date])
        }
    }

    /// Inserts the account, its passkey identity and the credential in one transaction.
    public func createPasskeyAccount(
        _ account: Account,
        identity: Identity,
        credential: PasskeyCredential
    ) throws(StoreError) {
        try write("createPasskeyAccount") { connection throws(StoreError) in
            try connection.insert(account)
            try connection.insert(identity)
            try connection.insert(credential)
        }
    }

    /// Inserts the passkey's identity and credential in one transaction.
    public func addPasskey(_ credential: PasskeyCredential, identity: Identity) throws(StoreError) {
        try write("addPasskey") { connection throws(StoreError) in
            try connection.insert(identity)
            try connection.insert(credential)
        }
    }

    public func passkey(id: [UInt8]) throws(StoreError) -> PasskeyCredential? {
        try read("passkey") { connection throws(StoreError) in
            try connection.firstRow(
                "SELECT \(PasskeyCredential.columns) FROM passkey_credentials WHERE credential_id = ?",
                [id],
                PasskeyCredential.init
            )
        }
    }

    /// The account's passkeys, oldest first.
    public func passkeys(of accountID: AccountID) throws(StoreError) -> [PasskeyCredential] {
        try read("passkeys") { connection throws(StoreError) in
            try connection.rows(
                """
                SELECT \(PasskeyCredential.columns) FROM passkey_credentials WHERE account_id = ?
                ORDER BY created_at, rowid
                """,
                [accountID.rawValue],
                PasskeyCredential.init
            )
        }
    }

    /// Updates the passkey if its counter is still `expectedSignCount`, and its identity's last use with it.
    public func recordPasskeyAssertion(
        id: [UInt8],
        expectedSignCount: UInt32,
        newSignCount: UInt32,
        backedUp: Bool,
        cloneWarning: Bool,
        at date: Date
    ) throws(StoreError) -> Bool {
        try write("recordPasskeyAssertion") { connection throws(StoreError) in
            let changed = try connection.run(
                """
                UPDATE passkey_credentials SET sign_count = ?, backed_up = ?, last_used_at = ?,
                    clone_warning_at = CASE WHEN ? = 1 THEN ? ELSE clone_warning_at END
                WHERE credential_id = ? AND sign_count = ?
                """,
                [
                    Int64(newSignCount), Int64(backedUp ? 1 : 0), date, Int64(cloneWarning ? 1 : 0), date, id,
                    Int64(expectedSignCount),
                ]
            )
            guard changed > 0 else { return false }
            try connection.run(
                "UPDATE identities SET last_used_at = ? WHERE method = ? AND subject = ?",
                [date, SignInMethod.passkey.rawValue, PasskeyCredential.subject(of: id)]
            )
            return true
        }
    }

    public func renamePasskey(id: [UInt8], of accountID: AccountID, to name: String) throws(StoreError) -> Bool {
        try write("renamePasskey") { connection throws(StoreError) in
            try connection.run(
                "UPDATE passkey_credentials SET name = ? WHERE credential_id = ? AND account_id = ?",
                [name, id, accountID.rawValue]
            ) > 0
        }
    }

    /// Counts the account's identities and deletes inside one write transaction: SQLite's single writer
    /// makes the count still true when the deletion runs.
    public func deletePasskey(id: [UInt8], of accountID: AccountID) throws(StoreError) -> PasskeyDeletion {
        try write("deletePasskey") { connection throws(StoreError) in
            let owned = try connection.firstRow(
                "SELECT 1 FROM passkey_credentials WHERE credential_id = ? AND account_id = ?",
                [id, accountID.rawValue]
            ) { _ in true } ?? false
            guard owned else { return .notFound }
            let methods = try connection.firstRow(
                "SELECT count(*) FROM identities WHERE account_id = ?", [accountID.rawValue]
            ) { row throws(StoreError) in try row.integer(0) } ?? 0
            guard methods > 1 else { return .lastSignInMethod }
            try connection.run("DELETE FROM passkey_credentials WHERE credential_id = ?", [id])
            try connection.run(
                "DELETE FROM identities WHERE method = ? AND subject = ?",
                [SignInMethod.passkey.rawValue, PasskeyCredential.subject(of: id)]
            )
            return .deleted
        }
    }
}

extension Connection {
    fileprivate func insert(_ credential: PasskeyCredential) throws(StoreError) {
        try run(
            "INSERT INTO passkey_credentials (\(PasskeyCredential.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                credential.id, credential.accountID.rawValue, credential.publicKey, Int64(credential.signCount),
                Int64(credential.backupEligible ? 1 : 0), Int64(credential.backedUp ? 1 : 0),
                credential.transports.joined(separator: ","), credential.aaguid, credential.name,
                credential.createdAt, credential.lastUsedAt, credential.cloneWarningAt,
            ]
        )
    }
}

extension PasskeyCredential {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns = """
        credential_id, account_id, public_key, sign_count, backup_eligible, backed_up, transports, aaguid, name, \
        created_at, last_used_at, clone_warning_at
        """

    fileprivate init(row: Row) throws(StoreError) {
        self.init(
            id: try row.blob(0),
            accountID: try row.value(1),
            publicKey: try row.blob(2),
            signCount: UInt32(clamping: try row.integer(3)),
            backupEligible: try row.integer(4) != 0,
            backedUp: try row.integer(5) != 0,
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
    fileprivate static let columns = "challenge_hash, purpose, account_id, display_name, expires_at"

    fileprivate init(row: Row) throws(StoreError) {
        self.init(
            challengeHash: try row.blob(0),
            purpose: try row.value(1),
            accountID: try row.optionalText(2).map(AccountID.init(rawValue:)),
            displayName: try row.optionalText(3),
            expiresAt: try row.date(4)
        )
    }
}
