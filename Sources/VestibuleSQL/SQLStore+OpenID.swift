package import Foundation
package import VestibuleCore

extension SQLStore {
    public func insertOpenIDGrant(_ grant: OpenIDGrant) throws(StoreError) {
        try writing("insertOpenIDGrant") { connection throws(StoreError) in
            try connection.run(
                """
                INSERT INTO openid_grants (\(OpenIDGrant.columns)) VALUES (
                    \(grant.id), \(grant.accountID.rawValue), \(grant.appID), \(grant.browserSessionID.rawValue),
                    \(OpenIDScope.parameter(grant.scopes)), \(grant.method.rawValue), \(grant.authTime), \(grant.codeHash),
                    \(grant.refreshTokenHash), \(grant.previousRefreshTokenHash), \(grant.createdAt), \(grant.expiresAt),
                    \(grant.sessionEndedAt)
                )
                """
            )
        }
    }

    public func openIDGrant(id: String) throws(StoreError) -> OpenIDGrant? {
        try reading("openIDGrant") { connection throws(StoreError) in
            try connection.firstRow("SELECT \(OpenIDGrant.columns) FROM openid_grants WHERE id = \(id)", OpenIDGrant.init)
        }
    }

    public func openIDGrant(codeHash: [UInt8]) throws(StoreError) -> OpenIDGrant? {
        try reading("openIDGrantByCode") { connection throws(StoreError) in
            try connection.firstRow(
                "SELECT \(OpenIDGrant.columns) FROM openid_grants WHERE code_hash = \(codeHash)", OpenIDGrant.init
            )
        }
    }

    public func openIDGrant(refreshTokenHash tokenHash: [UInt8]) throws(StoreError) -> OpenIDGrant? {
        try reading("openIDGrantByRefreshToken") { connection throws(StoreError) in
            try connection.firstRow(
                """
                SELECT \(OpenIDGrant.columns) FROM openid_grants
                WHERE refresh_token_hash = \(tokenHash) OR previous_refresh_token_hash = \(tokenHash)
                """,
                OpenIDGrant.init
            )
        }
    }

    public func rotateOpenIDRefreshToken(grantID: String, presented: [UInt8], replacement: [UInt8]) throws(StoreError) -> Bool {
        try writing("rotateOpenIDRefreshToken") { connection throws(StoreError) in
            try connection.run(
                """
                UPDATE openid_grants SET previous_refresh_token_hash = refresh_token_hash, refresh_token_hash = \(replacement)
                WHERE id = \(grantID) AND refresh_token_hash = \(presented)
                """
            ) == 1
        }
    }

    public func openIDGrants(of accountID: AccountID) throws(StoreError) -> [OpenIDGrant] {
        try reading("openIDGrants") { connection throws(StoreError) in
            try connection.rows(
                """
                SELECT \(OpenIDGrant.columns) FROM openid_grants WHERE account_id = \(accountID.rawValue)
                ORDER BY created_at, id
                """,
                OpenIDGrant.init
            )
        }
    }

    public func openIDGrantsOfEndedSessions() throws(StoreError) -> [OpenIDGrant] {
        try reading("openIDGrantsOfEndedSessions") { connection throws(StoreError) in
            try connection.rows(
                """
                SELECT \(OpenIDGrant.columns) FROM openid_grants
                WHERE session_ended_at IS NULL
                  AND NOT EXISTS (SELECT 1 FROM sessions WHERE sessions.id = openid_grants.browser_session_id)
                ORDER BY created_at, id
                """,
                OpenIDGrant.init
            )
        }
    }

    public func markOpenIDGrantSessionEnded(id: String, at date: Date) throws(StoreError) {
        try writing("markOpenIDGrantSessionEnded") { connection throws(StoreError) in
            try connection.run("UPDATE openid_grants SET session_ended_at = \(date) WHERE id = \(id)")
        }
    }

    @discardableResult
    public func deleteOpenIDGrant(id: String) throws(StoreError) -> Bool {
        try writing("deleteOpenIDGrant") { connection throws(StoreError) in
            try connection.run("DELETE FROM openid_grants WHERE id = \(id)") > 0
        }
    }

    @discardableResult
    public func deleteExpiredOpenIDGrants(now date: Date) throws(StoreError) -> Int {
        try writing("deleteExpiredOpenIDGrants") { connection throws(StoreError) in
            try connection.run("DELETE FROM openid_grants WHERE expires_at < \(date)")
        }
    }

    public func saveOpenIDConsent(_ consent: OpenIDConsent) throws(StoreError) {
        try writing("saveOpenIDConsent") { connection throws(StoreError) in
            try connection.run(
                """
                INSERT INTO openid_consents (account_id, app_id, scopes, granted_at) VALUES (
                    \(consent.accountID.rawValue), \(consent.appID), \(OpenIDScope.parameter(consent.scopes)), \(consent.grantedAt)
                ) ON CONFLICT (account_id, app_id) DO UPDATE SET scopes = excluded.scopes, granted_at = excluded.granted_at
                """
            )
        }
    }

    public func openIDConsent(of accountID: AccountID, appID: String) throws(StoreError) -> OpenIDConsent? {
        try reading("openIDConsent") { connection throws(StoreError) in
            try connection.firstRow(
                """
                SELECT account_id, app_id, scopes, granted_at FROM openid_consents
                WHERE account_id = \(accountID.rawValue) AND app_id = \(appID)
                """,
                OpenIDConsent.init
            )
        }
    }

    public func openIDConsents(of accountID: AccountID) throws(StoreError) -> [OpenIDConsent] {
        try reading("openIDConsents") { connection throws(StoreError) in
            try connection.rows(
                """
                SELECT account_id, app_id, scopes, granted_at FROM openid_consents
                WHERE account_id = \(accountID.rawValue) ORDER BY granted_at, app_id
                """,
                OpenIDConsent.init
            )
        }
    }

    public func revokeOpenIDApp(_ appID: String, of accountID: AccountID) throws(StoreError) -> [OpenIDGrant] {
        try transaction("revokeOpenIDApp") { connection throws(StoreError) in
            let grants = try connection.rows(
                """
                SELECT \(OpenIDGrant.columns) FROM openid_grants
                WHERE account_id = \(accountID.rawValue) AND app_id = \(appID) ORDER BY created_at, id
                """,
                OpenIDGrant.init
            )
            try connection.run("DELETE FROM openid_grants WHERE account_id = \(accountID.rawValue) AND app_id = \(appID)")
            try connection.run("DELETE FROM openid_consents WHERE account_id = \(accountID.rawValue) AND app_id = \(appID)")
            return grants
        }
    }

    public func enqueueBackchannelLogouts(_ logouts: [BackchannelLogout]) throws(StoreError) {
        try transaction("enqueueBackchannelLogouts") { connection throws(StoreError) in
            for logout in logouts {
                try connection.run(
                    """
                    INSERT INTO openid_backchannel_logouts (\(BackchannelLogout.columns)) VALUES (
                        \(logout.id), \(logout.appID), \(logout.subject), \(logout.sid), \(Int64(logout.attempts)),
                        \(logout.nextAttemptAt), \(logout.createdAt)
                    ) ON CONFLICT (app_id, sid) DO NOTHING
                    """
                )
            }
        }
    }

    public func dueBackchannelLogouts(at date: Date, limit: Int) throws(StoreError) -> [BackchannelLogout] {
        try reading("dueBackchannelLogouts") { connection throws(StoreError) in
            try connection.rows(
                """
                SELECT \(BackchannelLogout.columns) FROM openid_backchannel_logouts WHERE next_attempt_at <= \(date)
                ORDER BY next_attempt_at, id LIMIT \(Int64(limit))
                """,
                BackchannelLogout.init
            )
        }
    }

    public func updateBackchannelLogout(_ logout: BackchannelLogout) throws(StoreError) {
        try writing("updateBackchannelLogout") { connection throws(StoreError) in
            try connection.run(
                """
                UPDATE openid_backchannel_logouts SET attempts = \(Int64(logout.attempts)), next_attempt_at = \(logout.nextAttemptAt)
                WHERE id = \(logout.id)
                """
            )
        }
    }

    public func deleteBackchannelLogout(id: String) throws(StoreError) {
        try writing("deleteBackchannelLogout") { connection throws(StoreError) in
            try connection.run("DELETE FROM openid_backchannel_logouts WHERE id = \(id)")
        }
    }
}

extension OpenIDGrant {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns: SQL = """
        id, account_id, app_id, browser_session_id, scopes, method, auth_time, code_hash, refresh_token_hash, \
        previous_refresh_token_hash, created_at, expires_at, session_ended_at
        """

    fileprivate init(row: SQLRow) throws(StoreError) {
        self.init(
            id: try row.text(0),
            accountID: try row.value(1),
            appID: try row.text(2),
            browserSessionID: try row.value(3),
            scopes: OpenIDScope.granted(from: try row.text(4)),
            method: try row.value(5),
            authTime: try row.date(6),
            codeHash: try row.blob(7),
            refreshTokenHash: try row.blob(8),
            previousRefreshTokenHash: try row.optionalBlob(9),
            createdAt: try row.date(10),
            expiresAt: try row.date(11),
            sessionEndedAt: try row.optionalDate(12)
        )
    }
}

extension OpenIDConsent {
    fileprivate init(row: SQLRow) throws(StoreError) {
        self.init(
            accountID: try row.value(0), appID: try row.text(1), scopes: OpenIDScope.granted(from: try row.text(2)),
            grantedAt: try row.date(3)
        )
    }
}

extension BackchannelLogout {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns: SQL = "id, app_id, subject, sid, attempts, next_attempt_at, created_at"

    fileprivate init(row: SQLRow) throws(StoreError) {
        self.init(
            id: try row.text(0), appID: try row.text(1), subject: try row.text(2), sid: try row.text(3),
            attempts: Int(try row.integer(4)), nextAttemptAt: try row.date(5), createdAt: try row.date(6)
        )
    }
}
