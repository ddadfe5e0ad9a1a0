import Testing
import VestibuleCore

@Suite("Operators, disabled accounts and the console's search")
struct OperatorStoreTests {
    @Test(arguments: StoreBackend.allCases)
    func operatorsAreAddedOnceListedAndRemoved(backend: StoreBackend) throws {
        try backend.withStore { store in
            let ada = try Fixture.storedAccount(in: store)
            let bob = try Fixture.storedAccount(in: store, displayName: "Bob")
            #expect(try !store.isOperator(ada.id))
            try store.addOperator(bob.id, at: Fixture.date(2))
            try store.addOperator(ada.id, at: Fixture.date(1))
            try store.addOperator(ada.id, at: Fixture.date(5))
            #expect(try store.operators().map { [$0.account.id: $0.since] } == [[ada.id: Fixture.date(1)], [bob.id: Fixture.date(2)]])
            #expect(try store.removeOperator(ada.id))
            #expect(try !store.removeOperator(ada.id))
            #expect(try !store.isOperator(ada.id) && store.isOperator(bob.id))
            expectStoreError(.notFound) { try store.addOperator(Fixture.account().id, at: Fixture.date(3)) }
            try store.deleteAccount(id: bob.id)
            #expect(try store.operators().isEmpty, "an operator goes with their account")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anInvitationWorksOnceAndOnlyBeforeItExpires(backend: StoreBackend) throws {
        try backend.withStore { store in
            try store.insertOperatorInvitation(tokenHash: [1], email: "grace@example.com", expiresAt: Fixture.date(10))
            try store.insertOperatorInvitation(tokenHash: [2], email: "alan@example.com", expiresAt: Fixture.date(10))
            #expect(try store.consumeOperatorInvitation(tokenHash: [1], now: Fixture.date(9)) == "grace@example.com")
            #expect(try store.consumeOperatorInvitation(tokenHash: [1], now: Fixture.date(9)) == nil, "used up")
            #expect(try store.consumeOperatorInvitation(tokenHash: [2], now: Fixture.date(10)) == nil, "expired")
            #expect(try store.consumeOperatorInvitation(tokenHash: [3], now: Fixture.date(0)) == nil)
        }
    }

    /// Turning an account off is read in the same statement as its session: a session left over from before is
    /// refused, whatever path it comes by.
    @Test(arguments: StoreBackend.allCases)
    func aDisabledAccountsSessionIsNotFound(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let session = Fixture.session(of: account)
            try store.insertSession(session)
            #expect(try store.setAccountDisabled(id: account.id, at: Fixture.date(1)))
            #expect(try store.account(id: account.id)?.disabledAt == Fixture.date(1))
            #expect(try store.session(tokenHash: session.tokenHash) == nil)
            try store.setAccountDisabled(id: account.id, at: nil)
            #expect(try store.session(tokenHash: session.tokenHash) == session)
            #expect(try !store.setAccountDisabled(id: Fixture.account().id, at: nil), "no such account")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func searchFindsAccountsByIdOrAPartOfTheirEmailNameOrSignInEmailIgnoringCase(backend: StoreBackend) throws {
        try backend.withStore { store in
            let ada = Fixture.account(displayName: "Ada Lovelace", email: "ada@example.com", at: 1)
            try store.createAccount(ada, identity: Fixture.identity(of: ada))
            let relay = Fixture.account(displayName: nil, email: "x7@privaterelay.appleid.com", at: 2)
            try store.createAccount(relay, identity: Fixture.identity(of: relay, method: .password, subject: "grace@example.org"))
            let percent = Fixture.account(displayName: "100% Bob", email: nil, at: 3)
            try store.createAccount(percent, identity: Fixture.identity(of: percent))

            #expect(try store.searchAccounts(matching: "LOVELACE", limit: 10).map(\.id) == [ada.id])
            #expect(try store.searchAccounts(matching: "example", limit: 10).map(\.id) == [relay.id, ada.id], "newest first")
            #expect(try store.searchAccounts(matching: "grace@", limit: 10).map(\.id) == [relay.id], "by its sign-in email")
            #expect(try store.searchAccounts(matching: relay.id.rawValue, limit: 10).map(\.id) == [relay.id])
            #expect(try store.searchAccounts(matching: "100%", limit: 10).map(\.id) == [percent.id])
            #expect(try store.searchAccounts(matching: "%", limit: 10).map(\.id) == [percent.id], "% matches only itself")
            #expect(try store.searchAccounts(matching: "_", limit: 10).isEmpty, "_ too")
            #expect(try store.searchAccounts(matching: "e", limit: 1).count == 1)
        }
    }
}
