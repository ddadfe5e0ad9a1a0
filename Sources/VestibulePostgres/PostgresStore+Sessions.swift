public import Foundation
public import VestibuleCore

extension PostgresStore {
    /// Stores a new session.
    /// - Throws: `.conflict` when its id or token hash exists, `.notFound` when its account does not.
    public func insertSession(_ session: Session) throws(StoreError) {
        try withConnection("insertSession") { connection throws(StoreError) in
            _ = try connection.query(
                "INSERT INTO sessions (\(Session.columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                [
                    session.id.rawValue, session.accountID.rawValue, session.tokenHash, session.method.rawValue,
                    session.createdAt, session.lastSeenAt, session.expiresAt, session.userAgent,
                ]
            )
        }
    }

    /// The session whose token hash is exactly `tokenHash`, or `nil`.
    public func session(tokenHash: [UInt8]) throws(StoreError) -> Session? {
        try withConnection("session") { connection throws(StoreError) in
            try connection.query("SELECT \(Session.columns) FROM sessions WHERE token_hash = $1", [tokenHash])
                .firstRow(Session.init)
        }
    }

    /// The account's sessions, most recently seen first.
    public func sessions(of accountID: AccountID) throws(StoreError) -> [Session] {
        try withConnection("sessions") { connection throws(StoreError) in
            try connection.query(
                """
                SELECT \(Session.columns) FROM sessions WHERE account_id = $1
                ORDER BY last_seen_at DESC, created_at DESC, seq DESC
                """,
                [accountID.rawValue]
            ).rows(Session.init)
        }
    }

    /// Moves the session's last activity forward to `date`; an older `date` (a request that finished late)
    /// leaves it unchanged (`greatest` is evaluated on the row as committed, under its row lock).
    /// - Throws: `.notFound` when the session does not exist (it was revoked or expired).
    public func recordSessionActivity(id: SessionID, at date: Date) throws(StoreError) {
        try withConnection("recordSessionActivity") { connection throws(StoreError) in
            let changed = try connection.query(
                "UPDATE sessions SET last_seen_at = greatest(last_seen_at, $1::bigint) WHERE id = $2",
                [date, id.rawValue]
            ).changedRows
            guard changed > 0 else { throw StoreError(.notFound, "no such session") }
        }
    }

    /// Deletes one session and returns whether it existed.
    @discardableResult
    public func deleteSession(id: SessionID) throws(StoreError) -> Bool {
        try withConnection("deleteSession") { connection throws(StoreError) in
            try connection.query("DELETE FROM sessions WHERE id = $1", [id.rawValue]).changedRows > 0
        }
    }

    /// Deletes sessions with `expiresAt` before `date` or `lastSeenAt` before `idleCutoff`, and returns how many.
    /// A session expiring exactly at `date`, or last seen exactly at `idleCutoff`, is kept.
    @discardableResult
    public func deleteExpiredSessions(now date: Date, idleCutoff: Date) throws(StoreError) -> Int {
        try withConnection("deleteExpiredSessions") { connection throws(StoreError) in
            try connection.query(
                "DELETE FROM sessions WHERE expires_at < $1 OR last_seen_at < $2", [date, idleCutoff]
            ).changedRows
        }
    }

    /// Deletes the account's sessions except `kept`, and returns how many.
    @discardableResult
    public func deleteSessions(of accountID: AccountID, except kept: SessionID?) throws(StoreError) -> Int {
        try withConnection("deleteSessions") { connection throws(StoreError) in
            // `IS DISTINCT FROM` is true for every session when `kept` binds NULL.
            try connection.query(
                "DELETE FROM sessions WHERE account_id = $1 AND id IS DISTINCT FROM $2::text",
                [accountID.rawValue, kept?.rawValue]
            ).changedRows
        }
    }
}

extension Session {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns =
        "id, account_id, token_hash, method, created_at, last_seen_at, expires_at, user_agent"

    fileprivate init(row: PostgresRow) throws(StoreError) {
        self.init(
            id: try row.value(0),
            accountID: try row.value(1),
            tokenHash: try row.bytes(2),
            method: try row.value(3),
            createdAt: try row.date(4),
            lastSeenAt: try row.date(5),
            expiresAt: try row.date(6),
            userAgent: try row.text(7)
        )
    }
}
