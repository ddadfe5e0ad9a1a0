public import Foundation

/// Starts, checks and ends sessions: the domain rules, independent of cookies and HTTP.
public struct SessionManager: Sendable {
    private let store: any SessionStore & AccountStore
    private let policy: SessionPolicy
    private let clock: @Sendable () -> Date

    public init(store: any SessionStore & AccountStore, policy: SessionPolicy, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.policy = policy
        self.clock = clock
    }

    /// Starts a session for a person who just proved who they are. Any session the client already held is
    /// ended first, so a token planted before sign-in (session fixation) is worthless afterwards.
    /// - Parameter appID: the registered app the session is handed to, for a hand-off's code exchange.
    /// - Throws: ``AccountDisabled`` when an operator turned the account off.
    public func signIn(
        accountID: AccountID,
        method: SignInMethod,
        userAgent: String,
        replacing previous: SessionToken?,
        forApp appID: String? = nil
    ) throws -> (session: Session, token: SessionToken) {
        if try store.account(id: accountID)?.disabledAt != nil { throw AccountDisabled(accountID: accountID) }
        if let previous, let old = try store.session(tokenHash: previous.hash) {
            try store.deleteSession(id: old.id)
        }
        let now = clock()
        let token = SessionToken.generate()
        let session = Session(
            accountID: accountID,
            tokenHash: token.hash,
            method: method,
            createdAt: now,
            lastSeenAt: now,
            expiresAt: now.addingTimeInterval(policy.absoluteTimeout.seconds),
            userAgent: String(userAgent.prefix(200)),
            appID: appID
        )
        try store.insertSession(session)
        return (session, token)
    }

    /// The live session a token proves and its account, read in one statement; `nil` when the session is unknown,
    /// idle too long or past its absolute end (an ended session is deleted on the spot), or its account is disabled.
    public func authenticate(_ token: SessionToken) throws(StoreError) -> (session: Session, account: Account)? {
        guard let (found, account) = try store.sessionAndAccount(tokenHash: token.hash) else { return nil }
        var session = found
        let now = clock()
        let idleDeadline = session.lastSeenAt.addingTimeInterval(policy.idleTimeout.seconds)
        guard now < session.expiresAt, now < idleDeadline else {
            try store.deleteSession(id: session.id)
            return nil
        }
        if now.timeIntervalSince(session.lastSeenAt) >= policy.activityResolution.seconds {
            try store.recordSessionActivity(id: session.id, at: now)
            session.lastSeenAt = now
        }
        return (session, account)
    }

    /// Ends the session the token proves, if any.
    public func signOut(_ token: SessionToken) throws(StoreError) {
        if let session = try store.session(tokenHash: token.hash) {
            try store.deleteSession(id: session.id)
        }
    }

    /// The account's sessions ("devices"), most recently active first.
    public func sessions(of accountID: AccountID) throws(StoreError) -> [Session] {
        try store.sessions(of: accountID)
    }

    /// Ends one of the account's sessions. Returns `false` when it is not one of theirs, so one person can
    /// never end another's session by guessing its id.
    @discardableResult
    public func revoke(_ sessionID: SessionID, of accountID: AccountID) throws(StoreError) -> Bool {
        guard try store.sessions(of: accountID).contains(where: { $0.id == sessionID }) else { return false }
        return try store.deleteSession(id: sessionID)
    }

    /// Deletes sessions that can no longer be used. Returns how many.
    @discardableResult
    public func purgeExpired() throws(StoreError) -> Int {
        let now = clock()
        return try store.deleteExpiredSessions(now: now, idleCutoff: idleCutoff(at: now))
    }

    /// How many sessions can still be used now.
    public func liveCount() throws(StoreError) -> Int {
        let now = clock()
        return try store.countLiveSessions(now: now, idleCutoff: idleCutoff(at: now))
    }

    private func idleCutoff(at now: Date) -> Date {
        now.addingTimeInterval(-policy.idleTimeout.seconds)
    }
}
