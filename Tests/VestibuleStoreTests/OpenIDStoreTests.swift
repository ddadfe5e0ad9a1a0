import Testing
import VestibuleCore

@Suite("OpenID grants, consents and back-channel logouts")
struct OpenIDStoreTests {
    private static func grant(of account: Account, session: Session, scopes: [OpenIDScope] = [.openID, .email]) -> OpenIDGrant {
        OpenIDGrant(
            id: "grant-\(Fixture.tokenHash().prefix(4).map(String.init).joined())", accountID: account.id, appID: "portal",
            browserSessionID: session.id, scopes: scopes, method: .passkey, authTime: Fixture.date(0),
            codeHash: Fixture.tokenHash(), refreshTokenHash: Fixture.tokenHash(), createdAt: Fixture.date(0),
            expiresAt: Fixture.date(86_400)
        )
    }

    @Test(arguments: StoreBackend.allCases)
    func aGrantIsFoundByItsCodeAndRefreshTokensAndRotatesExactlyOnce(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let session = Fixture.session(of: account)
            try store.insertSession(session)
            let grant = Self.grant(of: account, session: session)
            try store.insertOpenIDGrant(grant)
            #expect(try store.openIDGrant(id: grant.id) == grant)
            #expect(try store.openIDGrant(codeHash: grant.codeHash) == grant)

            let replacement = Fixture.tokenHash()
            #expect(try store.rotateOpenIDRefreshToken(grantID: grant.id, presented: grant.refreshTokenHash, replacement: replacement))
            #expect(!(try store.rotateOpenIDRefreshToken(grantID: grant.id, presented: grant.refreshTokenHash, replacement: Fixture.tokenHash())),
                    "the same token rotates once")
            let rotated = try #require(try store.openIDGrant(refreshTokenHash: replacement))
            #expect(rotated.previousRefreshTokenHash == grant.refreshTokenHash)
            #expect(try store.openIDGrant(refreshTokenHash: grant.refreshTokenHash)?.id == grant.id, "the previous token still finds it")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func grantsOfEndedSessionsAreFoundOnceMarkedAndDeletedWithTheirAccount(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let session = Fixture.session(of: account)
            try store.insertSession(session)
            let grant = Self.grant(of: account, session: session, scopes: [.openID, .offlineAccess])
            try store.insertOpenIDGrant(grant)
            #expect(try store.openIDGrantsOfEndedSessions().isEmpty)
            try store.deleteSession(id: session.id)
            #expect(try store.openIDGrantsOfEndedSessions().map(\.id) == [grant.id])
            try store.markOpenIDGrantSessionEnded(id: grant.id, at: Fixture.date(60))
            #expect(try store.openIDGrantsOfEndedSessions().isEmpty)
            #expect(try store.openIDGrant(id: grant.id)?.sessionEndedAt == Fixture.date(60))
            try store.deleteAccount(id: account.id)
            #expect(try store.openIDGrant(id: grant.id) == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aConsentIsReplacedAndRevokingTheAppTakesItsGrantsToo(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let session = Fixture.session(of: account)
            try store.insertSession(session)
            try store.saveOpenIDConsent(OpenIDConsent(accountID: account.id, appID: "portal", scopes: [.openID], grantedAt: Fixture.date(0)))
            let wider = OpenIDConsent(accountID: account.id, appID: "portal", scopes: [.openID, .email], grantedAt: Fixture.date(10))
            try store.saveOpenIDConsent(wider)
            #expect(try store.openIDConsents(of: account.id) == [wider])
            let grant = Self.grant(of: account, session: session)
            try store.insertOpenIDGrant(grant)
            #expect(try store.revokeOpenIDApp("portal", of: account.id).map(\.id) == [grant.id])
            #expect(try store.openIDConsent(of: account.id, appID: "portal") == nil)
            #expect(try store.openIDGrants(of: account.id).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func backchannelLogoutsComeDueAndAreRescheduledOrDeleted(backend: StoreBackend) throws {
        try backend.withStore { store in
            var logout = BackchannelLogout(appID: "portal", subject: "a", sid: "s", nextAttemptAt: Fixture.date(0), createdAt: Fixture.date(0))
            try store.enqueueBackchannelLogouts([logout])
            let twin = BackchannelLogout(appID: "portal", subject: "a", sid: "s", nextAttemptAt: Fixture.date(0), createdAt: Fixture.date(0))
            try store.enqueueBackchannelLogouts([twin])
            #expect(try store.dueBackchannelLogouts(at: Fixture.date(0), limit: 10) == [logout], "queued once per app and session")
            logout.attempts = 1
            logout.nextAttemptAt = Fixture.date(60)
            try store.updateBackchannelLogout(logout)
            #expect(try store.dueBackchannelLogouts(at: Fixture.date(59), limit: 10).isEmpty)
            #expect(try store.dueBackchannelLogouts(at: Fixture.date(60), limit: 10) == [logout])
            try store.deleteBackchannelLogout(id: logout.id)
            #expect(try store.dueBackchannelLogouts(at: Fixture.date(60), limit: 10).isEmpty)
        }
    }
}
