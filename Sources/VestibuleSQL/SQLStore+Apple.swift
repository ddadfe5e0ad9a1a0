package import Foundation
package import VestibuleCore

extension SQLStore {
    /// Inserts the account, its Apple identity and the Apple record in one transaction.
    public func createAppleAccount(_ account: Account, identity: Identity, apple: AppleIdentityRecord) throws(StoreError) {
        try transaction("createAppleAccount") { connection throws(StoreError) in
            try connection.insert(account)
            try connection.insert(identity)
            try connection.insert(apple)
        }
    }

    /// Inserts the identity and the Apple record in one transaction.
    public func linkAppleIdentity(_ identity: Identity, apple: AppleIdentityRecord) throws(StoreError) {
        try transaction("linkAppleIdentity") { connection throws(StoreError) in
            try connection.insert(identity)
            try connection.insert(apple)
        }
    }

    public func appleIdentity(subject: String) throws(StoreError) -> AppleIdentityRecord? {
        try reading("appleIdentity") { connection throws(StoreError) in
            try connection.firstRow(
                "SELECT \(AppleIdentityRecord.columns) FROM apple_identities WHERE subject = \(subject)",
                AppleIdentityRecord.init
            )
        }
    }

    public func appleIdentities(of accountID: AccountID) throws(StoreError) -> [AppleIdentityRecord] {
        try reading("appleIdentities") { connection throws(StoreError) in
            try connection.rows(
                """
                SELECT \(AppleIdentityRecord.columns) FROM apple_identities
                WHERE account_id = \(accountID.rawValue) ORDER BY \(.insertionOrder)
                """,
                AppleIdentityRecord.init
            )
        }
    }

    public func updateAppleRefreshToken(subject: String, clientID: String, sealed: [UInt8], at date: Date)
        throws(StoreError)
    {
        try writing("updateAppleRefreshToken") { connection throws(StoreError) in
            try connection.run(
                """
                UPDATE apple_identities SET client_id = \(clientID), sealed_refresh_token = \(sealed), updated_at = \(date)
                WHERE subject = \(subject)
                """
            )
        }
    }

    @discardableResult
    public func setAppleEmailForwarding(subject: String, disabledAt: Date?, at date: Date) throws(StoreError) -> Bool {
        try writing("setAppleEmailForwarding") { connection throws(StoreError) in
            try connection.run(
                """
                UPDATE apple_identities SET forwarding_disabled_at = \(disabledAt), updated_at = \(date)
                WHERE subject = \(subject)
                """
            ) > 0
        }
    }

    /// Removes the Apple identity unless it is the account's last way in (see
    /// ``SQLConnection/removeSignInMethod(of:isOwned:remove:)``).
    public func unlinkAppleIdentity(subject: String, of accountID: AccountID, queueingRevocationAt date: Date?)
        throws(StoreError) -> AppleUnlinking
    {
        try transaction("unlinkAppleIdentity") { connection throws(StoreError) in
            var record: AppleIdentityRecord?
            let removal = try connection.removeSignInMethod(
                of: accountID,
                isOwned: { () throws(StoreError) in
                    record = try connection.firstRow(
                        """
                        SELECT \(AppleIdentityRecord.columns) FROM apple_identities
                        WHERE subject = \(subject) AND account_id = \(accountID.rawValue)
                        """,
                        AppleIdentityRecord.init
                    )
                    return record != nil
                },
                remove: { () throws(StoreError) in
                    try connection.run("DELETE FROM apple_identities WHERE subject = \(subject)")
                    try connection.run(
                        "DELETE FROM identities WHERE method = \(SignInMethod.apple.rawValue) AND subject = \(subject)"
                    )
                }
            )
            guard removal == .deleted, let record else { return AppleUnlinking(removal: removal) }
            guard let date, let sealed = record.sealedRefreshToken else { return AppleUnlinking(removal: removal, record: record) }
            let revocation = AppleRevocation(clientID: record.clientID, sealedToken: sealed, nextAttemptAt: date, createdAt: date)
            try connection.queue(revocation)
            return AppleUnlinking(removal: removal, record: record, revocation: revocation)
        }
    }

    /// One `INSERT … ON CONFLICT DO NOTHING`: of two deliveries of one notification, one inserts.
    public func recordAppleNotification(id: String, at date: Date) throws(StoreError) -> Bool {
        try writing("recordAppleNotification") { connection throws(StoreError) in
            try connection.run(
                "INSERT INTO apple_notifications (id, received_at) VALUES (\(id), \(date)) ON CONFLICT (id) DO NOTHING"
            ) > 0
        }
    }

    @discardableResult
    public func deleteAppleNotifications(before date: Date) throws(StoreError) -> Int {
        try writing("deleteAppleNotifications") { connection throws(StoreError) in
            try connection.run("DELETE FROM apple_notifications WHERE received_at < \(date)")
        }
    }

    public func deleteAccount(id: AccountID, queueing revocations: [AppleRevocation]) throws(StoreError) {
        try transaction("deleteAccountQueueingRevocations") { connection throws(StoreError) in
            for revocation in revocations { try connection.queue(revocation) }
            try connection.deleteAccount(id)
        }
    }

    public func dueAppleRevocations(at date: Date, limit: Int) throws(StoreError) -> [AppleRevocation] {
        try reading("dueAppleRevocations") { connection throws(StoreError) in
            try connection.rows(
                """
                SELECT \(AppleRevocation.columns) FROM apple_revocations WHERE next_attempt_at <= \(date)
                ORDER BY created_at, id LIMIT \(Int64(limit))
                """,
                AppleRevocation.init
            )
        }
    }

    public func finishAppleRevocation(id: String) throws(StoreError) {
        try writing("finishAppleRevocation") { connection throws(StoreError) in
            try connection.run("DELETE FROM apple_revocations WHERE id = \(id)")
        }
    }

    public func postponeAppleRevocation(id: String, until date: Date) throws(StoreError) {
        try writing("postponeAppleRevocation") { connection throws(StoreError) in
            try connection.run(
                "UPDATE apple_revocations SET attempts = attempts + 1, next_attempt_at = \(date) WHERE id = \(id)"
            )
        }
    }
}

extension SQLConnection {
    fileprivate func queue(_ revocation: AppleRevocation) throws(StoreError) {
        try run(
            """
            INSERT INTO apple_revocations (\(AppleRevocation.columns)) VALUES (
                \(revocation.id), \(revocation.clientID), \(revocation.sealedToken),
                \(Int64(revocation.attempts)), \(revocation.nextAttemptAt), \(revocation.createdAt)
            )
            """
        )
    }

    fileprivate func insert(_ record: AppleIdentityRecord) throws(StoreError) {
        try run(
            """
            INSERT INTO apple_identities (\(AppleIdentityRecord.columns)) VALUES (
                \(record.subject), \(record.accountID.rawValue), \(record.clientID), \(record.sealedRefreshToken),
                \(record.isPrivateEmail), \(record.forwardingDisabledAt), \(record.updatedAt)
            )
            """
        )
    }
}

extension AppleIdentityRecord {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns: SQL = """
        subject, account_id, client_id, sealed_refresh_token, is_private_email, forwarding_disabled_at, updated_at
        """

    fileprivate init(row: SQLRow) throws(StoreError) {
        self.init(
            subject: try row.text(0),
            accountID: try row.value(1),
            clientID: try row.text(2),
            sealedRefreshToken: try row.optionalBlob(3),
            isPrivateEmail: try row.boolean(4),
            forwardingDisabledAt: try row.optionalDate(5),
            updatedAt: try row.date(6)
        )
    }
}

extension AppleRevocation {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns: SQL = "id, client_id, sealed_token, attempts, next_attempt_at, created_at"

    fileprivate init(row: SQLRow) throws(StoreError) {
        self.init(
            id: try row.text(0),
            clientID: try row.text(1),
            sealedToken: try row.blob(2),
            attempts: Int(try row.integer(3)),
            nextAttemptAt: try row.date(4),
            createdAt: try row.date(5)
        )
    }
}
