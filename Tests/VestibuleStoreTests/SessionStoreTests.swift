import Dispatch
import Testing
import VestibuleCore

@Suite("Sessions")
struct SessionStoreTests {
    @Test(arguments: StoreBackend.allCases)
    func sessionIsFoundOnlyByItsExactTokenHash(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let session = Fixture.session(of: account)
            try store.insertSession(session)

            #expect(try store.session(tokenHash: session.tokenHash) == session)
            var flipped = session.tokenHash
            flipped[31] ^= 0x01
            #expect(try store.session(tokenHash: flipped) == nil)
            #expect(try store.session(tokenHash: Array(session.tokenHash.dropLast())) == nil)
            #expect(try store.session(tokenHash: session.tokenHash + [0]) == nil)
            #expect(try store.session(tokenHash: []) == nil)
        }
    }

    /// The read every signed-in request makes: the session and its account in one statement.
    @Test(arguments: StoreBackend.allCases)
    func aSessionIsReadWithItsAccountOnlyByItsExactTokenHash(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let session = Fixture.session(of: account)
            try store.insertSession(session)
            try store.insertSession(Fixture.session(of: try Fixture.storedAccount(in: store, displayName: "Grace")))

            let read = try #require(try store.sessionAndAccount(tokenHash: session.tokenHash))
            #expect(read.session == session)
            #expect(read.account == account)
            var flipped = session.tokenHash
            flipped[31] ^= 0x01
            #expect(try store.sessionAndAccount(tokenHash: flipped) == nil)
            #expect(try store.sessionAndAccount(tokenHash: []) == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aSessionOfADisabledAccountIsNotReadWithItsAccount(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let session = Fixture.session(of: account)
            try store.insertSession(session)

            try store.setAccountDisabled(id: account.id, at: Fixture.date(5))
            #expect(try store.sessionAndAccount(tokenHash: session.tokenHash) == nil)
            try store.setAccountDisabled(id: account.id, at: nil)
            #expect(try store.sessionAndAccount(tokenHash: session.tokenHash)?.account == account)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anEndedSessionIsNotReadWithItsAccount(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let session = Fixture.session(of: account)
            try store.insertSession(session)

            try store.deleteSession(id: session.id)
            #expect(try store.sessionAndAccount(tokenHash: session.tokenHash) == nil)
        }
    }

    /// A session a hand-off made for an app says so, in the list of the account's sessions too.
    @Test(arguments: StoreBackend.allCases)
    func theAppASessionWasMadeForIsKept(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let own = Fixture.session(of: account, lastSeenAt: 2)
            let shops = Fixture.session(of: account, lastSeenAt: 1, appID: "shop")
            for session in [own, shops] { try store.insertSession(session) }

            #expect(try store.session(tokenHash: shops.tokenHash)?.appID == "shop")
            #expect(try store.sessions(of: account.id).map(\.appID) == [nil, "shop"])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func insertSessionFailsWithConflictWhenTokenHashIsTaken(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let session = Fixture.session(of: account)
            try store.insertSession(session)

            expectStoreError(.conflict) {
                try store.insertSession(Fixture.session(of: account, tokenHash: session.tokenHash))
            }
            #expect(try store.sessions(of: account.id) == [session])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func insertSessionForMissingAccountFailsWithNotFound(backend: StoreBackend) throws {
        try backend.withStore { store throws in
            let session = Fixture.session(of: Fixture.account())
            expectStoreError(.notFound) { try store.insertSession(session) }
            #expect(try store.session(tokenHash: session.tokenHash) == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func sessionsOfAccountAreMostRecentlySeenFirst(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let stale = Fixture.session(of: account, createdAt: 0, lastSeenAt: 10)
            let fresh = Fixture.session(of: account, createdAt: 5, lastSeenAt: 500)
            let middle = Fixture.session(of: account, createdAt: 20, lastSeenAt: 100)
            for session in [stale, fresh, middle] { try store.insertSession(session) }
            let stranger = try Fixture.storedAccount(in: store, displayName: "Grace")
            try store.insertSession(Fixture.session(of: stranger, lastSeenAt: 300))

            #expect(try store.sessions(of: account.id) == [fresh, middle, stale])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func recordSessionActivityMovesLastSeenForwardOnly(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            var session = Fixture.session(of: account, lastSeenAt: 0)
            try store.insertSession(session)

            try store.recordSessionActivity(id: session.id, at: Fixture.date(600))
            // A slow request that began earlier reports late: it must not make the session look idle.
            try store.recordSessionActivity(id: session.id, at: Fixture.date(300))

            session.lastSeenAt = Fixture.date(600)
            #expect(try store.session(tokenHash: session.tokenHash) == session)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func recordActivityOfMissingSessionFailsWithNotFound(backend: StoreBackend) throws {
        try backend.withStore { store in
            expectStoreError(.notFound) { try store.recordSessionActivity(id: .random(), at: Fixture.date(0)) }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deleteSessionReportsWhetherItExisted(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let session = Fixture.session(of: account)
            let kept = Fixture.session(of: account)
            try store.insertSession(session)
            try store.insertSession(kept)

            #expect(try store.deleteSession(id: session.id))
            #expect(try store.deleteSession(id: session.id) == false)
            #expect(try store.session(tokenHash: session.tokenHash) == nil)
            #expect(try store.sessions(of: account.id) == [kept])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deleteExpiredSessionsRemovesAbsoluteAndIdleExpiredOnlyAndTheRestCountAsLive(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let now: Int64 = 10_000
            let idleCutoff: Int64 = 9_000
            let expired = Fixture.session(of: account, lastSeenAt: 9_500, expiresAt: now - 1)
            let idle = Fixture.session(of: account, lastSeenAt: idleCutoff - 1, expiresAt: now + 1)
            let expiringNow = Fixture.session(of: account, lastSeenAt: 9_500, expiresAt: now)
            let seenAtCutoff = Fixture.session(of: account, lastSeenAt: idleCutoff, expiresAt: now + 1)
            let active = Fixture.session(of: account, lastSeenAt: 9_900, expiresAt: now + 86_400)
            for session in [expired, idle, expiringNow, seenAtCutoff, active] { try store.insertSession(session) }
            // What the metrics count as live is exactly what purging keeps.
            #expect(try store.countLiveSessions(now: Fixture.date(now), idleCutoff: Fixture.date(idleCutoff)) == 3)

            let deleted = try store.deleteExpiredSessions(now: Fixture.date(now), idleCutoff: Fixture.date(idleCutoff))

            #expect(deleted == 2)
            #expect(try store.sessions(of: account.id) == [active, expiringNow, seenAtCutoff])
            #expect(try store.deleteExpiredSessions(now: Fixture.date(now), idleCutoff: Fixture.date(idleCutoff)) == 0)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func concurrentWritersAndReadersLoseNothing(backend: StoreBackend) throws {
        let threads = 8
        let sessionsPerThread = 200
        try backend.withStore { store in
            let accounts = try (0..<threads).map { _ in try Fixture.storedAccount(in: store) }

            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                let account = accounts[thread]
                for index in 0..<sessionsPerThread {
                    let session = Fixture.session(of: account, lastSeenAt: Int64(index))
                    do {
                        try store.insertSession(session)
                        #expect(try store.session(tokenHash: session.tokenHash) == session)
                        if index % 50 == 0 { _ = try store.sessions(of: account.id) }
                    } catch {
                        Issue.record(error, "thread \(thread), session \(index)")
                        return
                    }
                }
            }

            for account in accounts {
                let sessions = try store.sessions(of: account.id)
                #expect(sessions.count == sessionsPerThread)
                #expect(sessions.map(\.lastSeenAt) == (0..<Int64(sessionsPerThread)).reversed().map(Fixture.date))
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deleteSessionsOfAccountKeepsOnlyTheKeptSession(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let kept = Fixture.session(of: account, lastSeenAt: 30)
            for session in [Fixture.session(of: account), kept, Fixture.session(of: account)] {
                try store.insertSession(session)
            }
            let stranger = try Fixture.storedAccount(in: store, displayName: "Grace")
            let strangers = Fixture.session(of: stranger)
            try store.insertSession(strangers)

            #expect(try store.deleteSessions(of: account.id, except: kept.id) == 2)
            #expect(try store.sessions(of: account.id) == [kept])
            #expect(try store.sessions(of: stranger.id) == [strangers])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deleteSessionsOfAccountWithoutExceptionDeletesThemAll(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            for _ in 0..<3 { try store.insertSession(Fixture.session(of: account)) }
            let stranger = try Fixture.storedAccount(in: store, displayName: "Grace")
            try store.insertSession(Fixture.session(of: stranger))

            #expect(try store.deleteSessions(of: account.id, except: nil) == 3)
            #expect(try store.sessions(of: account.id).isEmpty)
            #expect(try store.sessions(of: stranger.id).count == 1)
            #expect(try store.deleteSessions(of: account.id, except: nil) == 0)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deleteSessionsNeverDeletesAnotherAccountsSessionNamedAsKept(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            try store.insertSession(Fixture.session(of: account))
            let stranger = try Fixture.storedAccount(in: store, displayName: "Grace")
            let strangers = Fixture.session(of: stranger)
            try store.insertSession(strangers)

            #expect(try store.deleteSessions(of: account.id, except: strangers.id) == 1)
            #expect(try store.sessions(of: stranger.id) == [strangers])
        }
    }
}
