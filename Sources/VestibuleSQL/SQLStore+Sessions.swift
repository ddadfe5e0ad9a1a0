package import Foundation
package import VestibuleCore

extension SQLStore {
    /// Stores a new session.
    /// - Throws: `.conflict` when its id or token hash exists, `.notFound` when its account does not.
    public func insertSession(_ session: Session) throws(StoreError) {
        try writing("insertSession") { connection throws(StoreError) in
            try connection.run(
                """
                INSERT INTO sessions (\(Session.columns)) VALUES (
                    \(session.id.rawValue), \(session.accountID.rawValue), \(session.tokenHash),
                    \(session.method.rawValue), \(session.createdAt), \(session.lastSeenAt), \(session.expiresAt),
                    \(session.userAgent), \(session.appID)
                )
                """
            )
        }
    }

    /// The session whose token hash is exactly `tokenHash`, or `nil`; `nil` too when its account is disabled,
    /// read in the same statement, so no request gets past a disabled account's leftover session.
    public func session(tokenHash: [UInt8]) throws(StoreError) -> Session? {
        try reading("session") { connection throws(StoreError) in
            try connection.firstRow(
                """
                SELECT \(Session.columns) FROM sessions WHERE token_hash = \(tokenHash) AND NOT EXISTS (
                    SELECT 1 FROM accounts WHERE accounts.id = sessions.account_id AND accounts.disabled_at IS NOT NULL
                )
                """,
                Session.init
            )
        }
    }

    /// The session whose token hash is exactly `tokenHash` and its account, read in one statement: the check of
    /// every signed-in request. `nil` when there is no such session or its account is disabled.
    public func sessionAndAccount(tokenHash: [UInt8]) throws(StoreError) -> (session: Session, account: Account)? {
        try reading("sessionAndAccount") { connection throws(StoreError) in
            try connection.firstRow(
                """
                SELECT \(Session.qualifiedColumns), \(Account.qualifiedColumns)
                FROM sessions JOIN accounts ON accounts.id = sessions.account_id
                WHERE sessions.token_hash = \(tokenHash) AND accounts.disabled_at IS NULL
                """
            ) { row throws(StoreError) in
                (try Session(row: row), try Account(row: row.columns(from: Session.columnCount)))
            }
        }
    }

    /// The account's sessions, most recently seen first.
    public func sessions(of accountID: AccountID) throws(StoreError) -> [Session] {
        try reading("sessions") { connection throws(StoreError) in
            try connection.rows(
                """
                SELECT \(Session.columns) FROM sessions WHERE account_id = \(accountID.rawValue)
                ORDER BY last_seen_at DESC, created_at DESC, \(.insertionOrder) DESC
                """,
                Session.init
            )
        }
    }

    /// Moves the session's last activity forward to `date`; an older `date` (a request that finished late)
    /// leaves it unchanged, so idle expiry is measured from the latest activity. The larger of the two is taken
    /// on the row as committed: under the single writer on SQLite, under the row lock on PostgreSQL.
    /// - Throws: `.notFound` when the session does not exist (it was revoked or expired).
    public func recordSessionActivity(id: SessionID, at date: Date) throws(StoreError) {
        try writing("recordSessionActivity") { connection throws(StoreError) in
            let changed = try connection.run(
                "UPDATE sessions SET last_seen_at = \(.greatest)(last_seen_at, \(date)) WHERE id = \(id.rawValue)"
            )
            guard changed > 0 else { throw StoreError(.notFound, "no such session") }
        }
    }

    /// Deletes one session and returns whether it existed.
    @discardableResult
    public func deleteSession(id: SessionID) throws(StoreError) -> Bool {
        try writing("deleteSession") { connection throws(StoreError) in
            try connection.run("DELETE FROM sessions WHERE id = \(id.rawValue)") > 0
        }
    }

    /// Deletes sessions with `expiresAt` before `date` or `lastSeenAt` before `idleCutoff`, and returns how many.
    /// A session expiring exactly at `date`, or last seen exactly at `idleCutoff`, is kept.
    @discardableResult
    public func deleteExpiredSessions(now date: Date, idleCutoff: Date) throws(StoreError) -> Int {
        try writing("deleteExpiredSessions") { connection throws(StoreError) in
            try connection.run("DELETE FROM sessions WHERE expires_at < \(date) OR last_seen_at < \(idleCutoff)")
        }
    }

    /// Sessions not expired at `date` and seen since `idleCutoff`: the ones ``deleteExpiredSessions(now:idleCutoff:)``
    /// would keep. One pass over the table, for a scrape every few seconds, not for a request.
    public func countLiveSessions(now date: Date, idleCutoff: Date) throws(StoreError) -> Int {
        try reading("countLiveSessions") { connection throws(StoreError) in
            let sql: SQL = "SELECT count(*) FROM sessions WHERE expires_at >= \(date) AND last_seen_at >= \(idleCutoff)"
            return Int(try connection.firstRow(sql) { row throws(StoreError) in try row.integer(0) } ?? 0)
        }
    }

    /// Deletes the account's sessions except `kept`, and returns how many.
    @discardableResult
    public func deleteSessions(of accountID: AccountID, except kept: SessionID?) throws(StoreError) -> Int {
        try writing("deleteSessions") { connection throws(StoreError) in
            // The comparison is true for every session when `kept` binds NULL.
            try connection.run(
                """
                DELETE FROM sessions
                WHERE account_id = \(accountID.rawValue) AND id \(.isDistinctFrom) \(kept?.rawValue)
                """
            )
        }
    }
}

extension SQLStore {
    /// Deletes the account's sessions that `method` started, and returns how many.
    @discardableResult
    public func deleteSessions(of accountID: AccountID, signedInWith method: SignInMethod) throws(StoreError) -> Int {
        try writing("deleteSessionsSignedInWith") { connection throws(StoreError) in
            try connection.run(
                "DELETE FROM sessions WHERE account_id = \(accountID.rawValue) AND method = \(method.rawValue)"
            )
        }
    }
}

extension Session {
    /// The columns `init(row:)` decodes, in order.
    private static let columnNames = [
        "id", "account_id", "token_hash", "method", "created_at", "last_seen_at", "expires_at", "user_agent", "app_id",
    ]
    fileprivate static let columns = SQL(columns: columnNames)
    /// ``columns`` named with their table, for a statement that joins another.
    fileprivate static let qualifiedColumns = SQL(columns: columnNames, of: "sessions")
    fileprivate static let columnCount = columnNames.count

    fileprivate init(row: SQLRow) throws(StoreError) {
        self.init(
            id: try row.value(0),
            accountID: try row.value(1),
            tokenHash: try row.blob(2),
            method: try row.value(3),
            createdAt: try row.date(4),
            lastSeenAt: try row.date(5),
            expiresAt: try row.date(6),
            userAgent: try row.text(7),
            appID: try row.optionalText(8)
        )
    }
}
