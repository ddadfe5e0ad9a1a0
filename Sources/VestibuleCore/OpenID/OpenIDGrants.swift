public import Foundation
import VestibuleCrypto

/// The OpenID provider's grants, from the code the authorization endpoint sends to the app through every refresh
/// to their end: redeemed once, refreshed with rotation, revoked when any token is seen twice, ended with the
/// person's session unless the app asked for `offline_access`.
public struct OpenIDGrants: Sendable {
    /// A code is redeemed by the app's server at once; a minute covers a slow network, and less is better.
    public static let codeLifetime: TimeInterval = 60
    /// The authorization request waiting for the person to sign in: time to sign up and confirm an address.
    public static let authorizationLifetime: TimeInterval = 1_800
    /// A grant's refresh token ends thirty days after the sign-in, however often it is used.
    public static let refreshLifetime: TimeInterval = 30 * 24 * 3600
    /// Attempts at a back-channel logout: the delay between them doubles from a minute, about 17 hours in all.
    public static let logoutAttempts = 11

    /// A guest ticket waits for the app's visitor to reach the authorization endpoint.
    public static let guestTicketLifetime: TimeInterval = 600

    private enum Kind {
        static let authorization = "oidc-authorization"
        static let code = "oidc-code"
        static let guestTicket = "oidc-guest-ticket"
    }

    private let store: any OpenIDStore
    private let steps: PendingSteps
    private let guests: Guests
    private let clock: @Sendable () -> Date

    public init(store: any OpenIDStore, steps: PendingSteps, guests: Guests, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.steps = steps
        self.guests = guests
        self.clock = clock
    }

    // MARK: Guests

    /// A one-time handle for `ticket`, to bring along an authorization request instead of the guest's token.
    public func issue(_ ticket: GuestTicket) throws -> String {
        try steps.save(ticket, kind: Kind.guestTicket, lifetime: Self.guestTicketLifetime)
    }

    /// The ticket a handle stands for, used up; `nil` when it is unknown, used, expired or another app's.
    public func redeemGuestTicket(_ handle: String, app: RegisteredApp) throws -> GuestTicket? {
        guard let ticket = try steps.consume(GuestTicket.self, kind: Kind.guestTicket, handle: handle),
              ticket.appID == app.id
        else { return nil }
        return ticket
    }

    // MARK: Authorization

    /// Keeps a request that waits for the person; returns the handle for the browser's cookie.
    public func keep(_ authorization: OpenIDAuthorization) throws -> String {
        try steps.save(authorization, kind: Kind.authorization, lifetime: Self.authorizationLifetime)
    }

    /// The browser's waiting request, left in place.
    public func waiting(handle: String) throws -> OpenIDAuthorization? {
        try steps.read(OpenIDAuthorization.self, kind: Kind.authorization, handle: handle)
    }

    /// Drops the browser's waiting request and returns it (it is answered now, one way or the other).
    public func take(handle: String) throws -> OpenIDAuthorization? {
        try steps.consume(OpenIDAuthorization.self, kind: Kind.authorization, handle: handle)
    }

    /// Whether `session` may answer `authorization` without signing in again.
    public func isFreshEnough(_ session: Session, for authorization: OpenIDAuthorization) -> Bool {
        !authorization.requiresFreshSignIn || session.createdAt >= authorization.requestedAt
    }

    /// Whether the person must be asked before `app` receives what `authorization` asks for: the app is not the
    /// operator's own and was not allowed this much before, the app asked (`prompt=consent`), or it brings a guest
    /// to someone who was signed in before the request came.
    public func needsConsent(_ authorization: OpenIDAuthorization, app: RegisteredApp, session: Session) throws(StoreError) -> Bool {
        if authorization.forcesConsent { return true }
        if authorization.guestID != nil, !authorization.guestConfirmed, session.createdAt < authorization.requestedAt {
            return true
        }
        if app.openID?.isFirstParty == true { return false }
        return !(try store.openIDConsent(of: session.accountID, appID: app.id)?.covers(authorization.scopes) ?? false)
    }

    /// Records that the person allowed the app what `authorization` asks, besides what they allowed it before.
    public func allow(_ authorization: OpenIDAuthorization, accountID: AccountID) throws(StoreError) {
        let existing = try store.openIDConsent(of: accountID, appID: authorization.appID)
        let scopes = Set(authorization.scopes).union(existing?.scopes ?? [])
        try store.saveOpenIDConsent(
            OpenIDConsent(
                accountID: accountID, appID: authorization.appID, scopes: OpenIDScope.allCases.filter(scopes.contains),
                grantedAt: existing?.grantedAt ?? clock()
            )
        )
    }

    /// The code for the app: what was asked, who answered. What the app receives is recorded as allowed (a
    /// first-party app's too: it is what "Your data" lists as the app's access).
    ///
    /// The guest the app brought moves into the account now, by the app's merge rule; a guest that is gone
    /// (claimed meanwhile, expired) never stops the sign-in: there is nothing left to move.
    public func issueCode(for authorization: OpenIDAuthorization, session: Session, merging rule: DocumentMergeRule) throws -> String {
        try allow(authorization, accountID: session.accountID)
        if let guestID = authorization.guestID {
            do {
                _ = try guests.claim(guestID, into: session.accountID, merging: rule)
            } catch where error.code == .notFound {}
        }
        let code = OpenIDCode(
            authorization: authorization, accountID: session.accountID, browserSessionID: session.id,
            method: session.method, authTime: session.createdAt
        )
        return try steps.save(code, kind: Kind.code, lifetime: Self.codeLifetime)
    }

    // MARK: Tokens

    /// Redeems `code` for the app that presents it, with the redirect URI and PKCE verifier it was bound to.
    /// Returns the new grant, its first refresh token and the request's nonce.
    ///
    /// A code redeemed once already revokes the grant it made: someone else holds a copy (RFC 6749 4.1.2).
    public func redeem(code: String, app: RegisteredApp, redirectURI: String?, codeVerifier: String?)
        throws -> (grant: OpenIDGrant, refreshToken: String, nonce: String?)
    {
        guard let issued = try steps.consume(OpenIDCode.self, kind: Kind.code, handle: code) else {
            if let reused = try store.openIDGrant(codeHash: SHA2.sha256(code)) {
                try store.deleteOpenIDGrant(id: reused.id)
            }
            throw OpenIDGrantError.invalidGrant("The code is unknown, used or expired.")
        }
        let authorization = issued.authorization
        guard authorization.appID == app.id else { throw OpenIDGrantError.invalidGrant("The code was issued to another client.") }
        guard redirectURI == authorization.redirectURI else {
            throw OpenIDGrantError.invalidGrant("redirect_uri is not the one the authorization request named.")
        }
        if let challenge = authorization.codeChallenge {
            guard let codeVerifier else { throw OpenIDGrantError.invalidGrant("code_verifier is required: the request sent a code_challenge.") }
            guard Self.isWellFormedVerifier(codeVerifier),
                  ConstantTime.equals(Array(Base64URL.encode(SHA2.sha256(codeVerifier)).utf8), Array(challenge.utf8))
            else { throw OpenIDGrantError.invalidGrant("code_verifier does not match the code_challenge.") }
        } else if codeVerifier != nil {
            throw OpenIDGrantError.invalidGrant("code_verifier was sent, but the authorization request had no code_challenge.")
        }
        let refreshToken = SecureRandom.token()
        let now = clock()
        let grant = OpenIDGrant(
            id: SecureRandom.token(byteCount: 16), accountID: issued.accountID, appID: app.id,
            browserSessionID: issued.browserSessionID, scopes: authorization.scopes, method: issued.method,
            authTime: issued.authTime, codeHash: SHA2.sha256(code), refreshTokenHash: SHA2.sha256(refreshToken),
            createdAt: now, expiresAt: now.addingTimeInterval(Self.refreshLifetime)
        )
        do {
            try store.insertOpenIDGrant(grant)
        } catch where error.code == .notFound {
            throw OpenIDGrantError.invalidGrant("The account no longer exists.")
        }
        return (grant, refreshToken, authorization.nonce)
    }

    /// A new refresh token for the grant `presented` belongs to, the old one kept only to recognise its reuse.
    /// A refresh token presented after it was replaced revokes the grant: it was copied (OAuth 2.0 Security BCP).
    public func refresh(_ presented: String, app: RegisteredApp) throws -> (grant: OpenIDGrant, refreshToken: String) {
        let presentedHash = SHA2.sha256(presented)
        guard let grant = try store.openIDGrant(refreshTokenHash: presentedHash), grant.appID == app.id else {
            throw OpenIDGrantError.invalidGrant("The refresh token is unknown or revoked.")
        }
        guard grant.expiresAt > clock() else {
            try store.deleteOpenIDGrant(id: grant.id)
            throw OpenIDGrantError.invalidGrant("The refresh token has expired; sign in again.")
        }
        guard grant.isOffline || grant.sessionEndedAt == nil else {
            throw OpenIDGrantError.invalidGrant("The person signed out; sign in again.")
        }
        let replacement = SecureRandom.token()
        guard ConstantTime.equals(grant.refreshTokenHash, presentedHash),
              try store.rotateOpenIDRefreshToken(grantID: grant.id, presented: presentedHash, replacement: SHA2.sha256(replacement))
        else {
            try store.deleteOpenIDGrant(id: grant.id)
            throw OpenIDGrantError.invalidGrant("The refresh token was used already; the grant is revoked.")
        }
        var rotated = grant
        rotated.previousRefreshTokenHash = presentedHash
        rotated.refreshTokenHash = SHA2.sha256(replacement)
        return (rotated, replacement)
    }

    /// The grant behind a token, while it lasts: expired, revoked and (without `offline_access`) signed-out grants
    /// are gone.
    public func liveGrant(id: String) throws(StoreError) -> OpenIDGrant? {
        try store.openIDGrant(id: id).flatMap(live)
    }

    /// The live grant whose current refresh token `token` is; `nil` for an unknown, replaced or revoked one.
    public func liveGrant(refreshToken token: String) throws(StoreError) -> OpenIDGrant? {
        let hash = SHA2.sha256(token)
        guard let grant = try store.openIDGrant(refreshTokenHash: hash), ConstantTime.equals(grant.refreshTokenHash, hash) else {
            return nil
        }
        return live(grant)
    }

    private func live(_ grant: OpenIDGrant) -> OpenIDGrant? {
        grant.expiresAt > clock() && (grant.isOffline || grant.sessionEndedAt == nil) ? grant : nil
    }

    /// Revokes the grant a refresh token belongs to, when it is `app`'s (RFC 7009: another client's token, or an
    /// unknown one, is answered the same way and left alone).
    public func revoke(refreshToken: String, app: RegisteredApp) throws(StoreError) {
        guard let grant = try store.openIDGrant(refreshTokenHash: SHA2.sha256(refreshToken)), grant.appID == app.id else { return }
        try store.deleteOpenIDGrant(id: grant.id)
    }

    /// Revokes a grant by id, when it is `app`'s (an access token's `gid`).
    public func revoke(grantID: String, app: RegisteredApp) throws(StoreError) {
        guard let grant = try store.openIDGrant(id: grantID), grant.appID == app.id else { return }
        try store.deleteOpenIDGrant(id: grant.id)
    }

    // MARK: The person's side

    /// "Stop using": the app's consent and grants end, and the app is told to end its sessions.
    public func stopUsing(_ app: RegisteredApp, accountID: AccountID) throws(StoreError) {
        let grants = try store.revokeOpenIDApp(app.id, of: accountID)
        try store.enqueueBackchannelLogouts(logouts(for: grants, apps: AppRegistry([app])))
    }

    /// Ends every grant of the account, offline ones too, and tells each app with a back-channel logout URI; its
    /// consents stay ("This wasn't me": whoever held a refresh token holds nothing now, and the person's apps
    /// ask them to sign in again, not to agree again).
    public func endEveryGrant(of accountID: AccountID, apps: AppRegistry) throws(StoreError) {
        let grants = try store.openIDGrants(of: accountID)
        try store.enqueueBackchannelLogouts(logouts(for: grants, apps: apps))
        for grant in grants { try store.deleteOpenIDGrant(id: grant.id) }
    }

    /// Every grant of an account that is about to be deleted: each app with a back-channel logout URI is told.
    public func endAll(of accountID: AccountID, apps: AppRegistry) throws(StoreError) {
        try store.enqueueBackchannelLogouts(logouts(for: try store.openIDGrants(of: accountID), apps: apps))
    }

    /// Ends the grants whose browser session has ended (signed out, revoked, expired, replaced): a grant without
    /// `offline_access` is deleted, one with it is marked; either way its app is sent a back-channel logout.
    /// Returns how many grants it ended.
    @discardableResult
    public func endGrantsOfEndedSessions(apps: AppRegistry) throws(StoreError) -> Int {
        let ended = try store.openIDGrantsOfEndedSessions()
        guard !ended.isEmpty else { return 0 }
        try store.enqueueBackchannelLogouts(logouts(for: ended, apps: apps))
        let now = clock()
        for grant in ended {
            if grant.isOffline {
                try store.markOpenIDGrantSessionEnded(id: grant.id, at: now)
            } else {
                try store.deleteOpenIDGrant(id: grant.id)
            }
        }
        return ended.count
    }

    @discardableResult
    public func purgeExpired() throws(StoreError) -> Int {
        try store.deleteExpiredOpenIDGrants(now: clock())
    }

    /// One logout per app and browser session among `grants`, for apps that take back-channel logouts.
    private func logouts(for grants: [OpenIDGrant], apps: AppRegistry) -> [BackchannelLogout] {
        var seen = Set<String>()
        let now = clock()
        return grants.compactMap { grant in
            guard apps.app(id: grant.appID)?.openID?.backchannelLogoutURI != nil,
                  seen.insert(grant.appID + " " + grant.sid).inserted
            else { return nil }
            return BackchannelLogout(
                appID: grant.appID, subject: grant.accountID.rawValue, sid: grant.sid, nextAttemptAt: now, createdAt: now
            )
        }
    }

    /// RFC 7636 4.1: 43 to 128 characters of `[A-Za-z0-9-._~]`.
    static func isWellFormedVerifier(_ verifier: String) -> Bool {
        (43...128).contains(verifier.utf8.count) && verifier.utf8.allSatisfy { byte in
            (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte) || (0x30...0x39).contains(byte)
                || byte == 0x2d || byte == 0x2e || byte == 0x5f || byte == 0x7e
        }
    }
}
