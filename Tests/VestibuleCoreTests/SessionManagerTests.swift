import Foundation
import Testing
import VestibuleCore
import VestibuleTesting

@Suite struct SessionManagerTests {
    let store: any Store
    let clock = TestClock(startingAt: TestClock.fixedStart)
    let policy = SessionPolicy(idleTimeout: .seconds(3600), absoluteTimeout: .seconds(86400), activityResolution: .seconds(60))
    let sessions: SessionManager

    init() throws {
        store = try makeTestStore()
        sessions = SessionManager(store: store, policy: policy, clock: clock.now)
    }

    @Test func signInStoresOnlyTheTokensHash() throws {
        let account = try makeAccount(in: store, at: clock.now())
        let (session, token) = try sessions.signIn(accountID: account.id, method: .apple, userAgent: "UA", replacing: nil)
        #expect(session.tokenHash == token.hash)
        #expect(session.tokenHash != Array(token.value.utf8))
        #expect(token.value.count >= 43, "256 bits, base64url")
        #expect(try sessions.authenticate(token)?.session.id == session.id)
    }

    @Test func signInRotatesThePreviousSessionAway() throws {
        let account = try makeAccount(in: store, at: clock.now())
        let first = try sessions.signIn(accountID: account.id, method: .apple, userAgent: "UA", replacing: nil)
        let second = try sessions.signIn(accountID: account.id, method: .apple, userAgent: "UA", replacing: first.token)
        #expect(first.token != second.token)
        #expect(try sessions.authenticate(first.token) == nil)
        #expect(try sessions.authenticate(second.token) != nil)
    }

    @Test func aSessionIdleLongerThanTheIdleTimeoutEnds() throws {
        let account = try makeAccount(in: store, at: clock.now())
        let (_, token) = try sessions.signIn(accountID: account.id, method: .apple, userAgent: "UA", replacing: nil)
        clock.advance(by: 3599)
        #expect(try sessions.authenticate(token) != nil)
        clock.advance(by: 3599)
        #expect(try sessions.authenticate(token) != nil, "activity extended it")
        clock.advance(by: 3601)
        #expect(try sessions.authenticate(token) == nil)
        #expect(try store.sessions(of: account.id).isEmpty, "an ended session is deleted")
    }

    @Test func aSessionEndsAtItsAbsoluteTimeoutHoweverActive() throws {
        let account = try makeAccount(in: store, at: clock.now())
        let (_, token) = try sessions.signIn(accountID: account.id, method: .apple, userAgent: "UA", replacing: nil)
        for _ in 0..<24 {
            clock.advance(by: 3500)
            _ = try sessions.authenticate(token)
        }
        // 24 × 3500 s = 84000 s: still inside the 86400 s limit.
        #expect(try sessions.authenticate(token) != nil)
        clock.advance(by: 3000)
        #expect(try sessions.authenticate(token) == nil)
    }

    @Test func signOutEndsTheSession() throws {
        let account = try makeAccount(in: store, at: clock.now())
        let (_, token) = try sessions.signIn(accountID: account.id, method: .apple, userAgent: "UA", replacing: nil)
        try sessions.signOut(token)
        #expect(try sessions.authenticate(token) == nil)
    }

    @Test func revokeEndsOneOfYourOwnSessionsOnly() throws {
        let ada = try makeAccount(in: store, at: clock.now())
        let eve = try makeAccount(in: store, at: clock.now())
        let laptop = try sessions.signIn(accountID: ada.id, method: .apple, userAgent: "Laptop", replacing: nil)
        let phone = try sessions.signIn(accountID: ada.id, method: .apple, userAgent: "Phone", replacing: nil)
        #expect(try sessions.revoke(laptop.session.id, of: eve.id) == false)
        #expect(try sessions.authenticate(laptop.token) != nil)
        #expect(try sessions.revoke(laptop.session.id, of: ada.id))
        #expect(try sessions.authenticate(laptop.token) == nil)
        #expect(try sessions.authenticate(phone.token) != nil)
    }

    @Test func anUnknownTokenAuthenticatesNothing() throws {
        #expect(try sessions.authenticate(SessionToken(value: "not-a-token")) == nil)
    }

    @Test func purgeExpiredDeletesOnlyEndedSessions() throws {
        let account = try makeAccount(in: store, at: clock.now())
        _ = try sessions.signIn(accountID: account.id, method: .apple, userAgent: "old", replacing: nil)
        clock.advance(by: 3000)
        let fresh = try sessions.signIn(accountID: account.id, method: .apple, userAgent: "new", replacing: nil)
        clock.advance(by: 1000)
        #expect(try sessions.purgeExpired() == 1)
        #expect(try sessions.sessions(of: account.id).map(\.id) == [fresh.session.id])
    }
}
