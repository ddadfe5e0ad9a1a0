public import Foundation
public import VestibuleCore

extension PostgresStore {
    /// Stores a challenge; a second one with the same hash (32 random bytes colliding) fails with `.conflict`.
    public func savePasskeyChallenge(_ challenge: PasskeyChallenge) throws(StoreError) {
        try withConnection("savePasskeyChallenge") { connection throws(StoreError) in
            try connection.query(
                "INSERT INTO passkey_challenges (\(PasskeyChallenge.columns)) VALUES ($1, $2, $3, $4, $5)",
                [
                    challenge.challengeHash, challenge.purpose.rawValue, challenge.accountID?.rawValue,
                    challenge.displayName, challenge.expiresAt,
                ]
            )
        }
    }

    /// Deletes the challenge and returns it, in one `DELETE … RETURNING`: a concurrent caller waits for the row
    /// lock, then finds the row gone.
    public func consumePasskeyChallenge(challengeHash: [UInt8]) throws(StoreError) -> PasskeyChallenge? {
        try withConnection("consumePasskeyChallenge") { connection throws(StoreError) in
            try connection.query(
                "DELETE FROM passkey_challenges WHERE challenge_hash = $1 RETURNING \(PasskeyChallenge.columns)",
                [challengeHash]
            ).firstRow(PasskeyChallenge.init)
        }
    }

    /// Deletes challenges that expired before `date`, and returns how many.
    @discardableResult
    public func deleteExpiredPasskeyChallenges(now date: Date) throws(StoreError) -> Int {
        try withConnection("deleteExpiredPasskeyChallenges") { connection throws(StoreError) in
            try connection.query("DELETE FROM passkey_challenges WHERE expires_at < $1", [date]).changedRows
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
        try withConnection("passkey") { connection throws(StoreError) in
            try connection.query(
                "SELECT \(PasskeyCredential.columns) FROM passkey_credentials WHERE credential_id = $1", [id]
            ).firstRow(PasskeyCredential.init)
        }
    }

    /// The account's passkeys, oldest first.
    public func passkeys(of accountID: AccountID) throws(StoreError) -> [PasskeyCredential] {
        try withConnection("passkeys") { connection throws(StoreError) in
            try connection.query(
                """
                SELECT \(PasskeyCredential.columns) FROM passkey_credentials WHERE account_id = $1
                ORDER BY created_at, seq
                """,
                [accountID.rawValue]
            ).rows(PasskeyCredential.init)
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
        try transaction("recordPasskeyAssertion") { connection throws(StoreError) in
            let changed = try connection.query(
                """
                UPDATE passkey_credentials SET sign_count = $1, backed_up = $2, last_used_at = $3,
                    clone_warning_at = CASE WHEN $4::integer = 1 THEN $5::bigint ELSE clone_warning_at END
                WHERE credential_id = $6 AND sign_count = $7
                """,
                [
                    Int64(newSignCount), Int64(backedUp ? 1 : 0), date, Int64(cloneWarning ? 1 : 0), date, id,
                    Int64(expectedSignCount),
                ]
            ).changedRows
            guard changed > 0 else { return false }
            try connection.query(
                "UPDATE identities SET last_used_at = $1 WHERE method = $2 AND subject = $3",
                [date, SignInMethod.passkey.rawValue, PasskeyCredential.subject(of: id)]
            )
            return true
        }
    }

    public func renamePasskey(id: [UInt8], of accountID: AccountID, to name: String) throws(StoreError) -> Bool {
        try withConnection("renamePasskey") { connection throws(StoreError) in
            try connection.query(
                "UPDATE passkey_credentials SET name = $1 WHERE credential_id = $2 AND account_id = $3",
                [name, id, accountID.rawValue]
            ).changedRows > 0
        }
    }

    /// Locks the account row first, so concurrent deletions (and linkings) of one account's methods run one
    /// after another and each counts what the previous one left.
    public func deletePasskey(id: [UInt8], of accountID: AccountID) throws(StoreError) -> PasskeyDeletion {
        try transaction("deletePasskey") { connection throws(StoreError) in
            try connection.query("SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE", [accountID.rawValue])
            let owned = try connection.query(
                "SELECT 1 FROM passkey_credentials WHERE credential_id = $1 AND account_id = $2",
                [id, accountID.rawValue]
            ).firstRow { _ in true } ?? false
            guard owned else { return .notFound }
            let methods = try connection.query(
                "SELECT count(*) FROM identities WHERE account_id = $1", [accountID.rawValue]
            ).firstRow { row throws(StoreError) in try row.integer(0) } ?? 0
            guard methods > 1 else { return .lastSignInMethod }
            try connection.query("DELETE FROM passkey_credentials WHERE credential_id = $1", [id])
            try connection.query(
                "DELETE FROM identities WHERE method = $1 AND subject = $2",
                [SignInMethod.passkey.rawValue, PasskeyCredential.subject(of: id)]
            )
            return .deleted
        }
    }
}

extension PostgresConnection {
    fileprivate func insert(_ credential: PasskeyCredential) throws(StoreError) {
        try query(
            "INSERT INTO passkey_credentials (\(PasskeyCredential.columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
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

    fileprivate init(row: PostgresRow) throws(StoreError) {
        self.init(
            id: try row.bytes(0),
            accountID: try row.value(1),
            publicKey: try row.bytes(2),
            signCount: UInt32(clamping: try row.integer(3)),
            backupEligible: try row.integer(4) != 0,
            backedUp: try row.integer(5) != 0,
            transports: try row.text(6).split(separator: ",").map(String.init),
            aaguid: try row.bytes(7),
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

    fileprivate init(row: PostgresRow) throws(StoreError) {
        self.init(
            challengeHash: try row.bytes(0),
            purpose: try row.value(1),
            accountID: try row.optionalText(2).map(AccountID.init(rawValue:)),
            displayName: try row.optionalText(3),
            expiresAt: try row.date(4)
        )
    }
}
