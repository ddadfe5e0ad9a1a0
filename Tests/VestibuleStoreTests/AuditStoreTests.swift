import Testing
import VestibuleCore

@Suite("Audit events")
struct AuditStoreTests {
    private func event(
        _ kind: AuditEvent.Kind, of account: AccountID?, at seconds: Int64, outcome: AuditEvent.Outcome = .succeeded
    ) -> AuditEvent {
        AuditEvent(
            occurredAt: Fixture.date(seconds), kind: kind, outcome: outcome, accountID: account, method: .password,
            appID: "shop", detail: "MacBook", clientAddress: "203.0.113.0/24", userAgent: "Safari"
        )
    }

    @Test(arguments: StoreBackend.allCases)
    func eventsComeBackWholeNewestFirstPerAccountOrForEveryone(backend: StoreBackend) throws {
        try backend.withStore { store in
            let ada = try Fixture.storedAccount(in: store).id
            let bob = try Fixture.storedAccount(in: store, displayName: "Bob").id
            let first = event(.signUp, of: ada, at: 1)
            let second = event(.signIn, of: ada, at: 2, outcome: .failed)
            let bobs = event(.signIn, of: bob, at: 3)
            let unknown = AuditEvent(occurredAt: Fixture.date(4), kind: .signIn, outcome: .failed, accountID: nil)
            for event in [first, second, bobs, unknown] { try store.insertAuditEvent(event) }

            #expect(try store.auditEvents(of: ada, since: nil, limit: 10) == [second, first])
            #expect(try store.auditEvents(of: nil, since: nil, limit: 10) == [unknown, bobs, second, first])
            #expect(try store.auditEvents(of: nil, since: Fixture.date(3), limit: 10) == [unknown, bobs])
            #expect(try store.auditEvents(of: nil, since: nil, limit: 2) == [unknown, bobs])
        }
    }

    /// Two events in the same millisecond still come back in the order they happened.
    @Test(arguments: StoreBackend.allCases)
    func eventsOfOneMomentKeepTheirOrder(backend: StoreBackend) throws {
        try backend.withStore { store in
            let ada = try Fixture.storedAccount(in: store).id
            let events = (0..<5).map { _ in event(.signIn, of: ada, at: 7) }
            for event in events { try store.insertAuditEvent(event) }
            #expect(try store.auditEvents(of: ada, since: nil, limit: 10) == events.reversed())
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func pruningDeletesOnlyEventsBeforeTheCutoff(backend: StoreBackend) throws {
        try backend.withStore { store in
            let ada = try Fixture.storedAccount(in: store).id
            let old = event(.signIn, of: ada, at: 1)
            let kept = event(.signIn, of: ada, at: 2)
            for event in [old, kept] { try store.insertAuditEvent(event) }
            #expect(try store.deleteAuditEvents(before: Fixture.date(2)) == 1)
            #expect(try store.auditEvents(of: ada, since: nil, limit: 10) == [kept])
        }
    }

    /// An account's trail is personal data: it goes with the account. The event of the deletion, recorded
    /// after it, names no more than the account's id.
    @Test(arguments: StoreBackend.allCases)
    func deletingAnAccountDeletesItsEvents(backend: StoreBackend) throws {
        try backend.withStore { store in
            let ada = try Fixture.storedAccount(in: store).id
            let bob = try Fixture.storedAccount(in: store, displayName: "Bob").id
            let grace = try Fixture.storedAccount(in: store, displayName: "Grace").id
            let bobs = event(.signIn, of: bob, at: 2)
            for event in [event(.signIn, of: ada, at: 1), bobs, event(.signIn, of: grace, at: 3)] {
                try store.insertAuditEvent(event)
            }
            try store.deleteAccount(id: ada)
            // With Sign in with Apple, the deletion that queues Apple's revocations.
            try store.deleteAccount(id: grace, queueing: [])
            #expect(try store.auditEvents(of: nil, since: nil, limit: 10) == [bobs])
        }
    }
}
