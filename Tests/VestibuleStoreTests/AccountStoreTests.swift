import Foundation
import Testing
import VestibuleCore

@Suite("Accounts")
struct AccountStoreTests {
    @Test(arguments: StoreBackend.allCases)
    func createAccountStoresAccountAndIdentityTogether(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = Fixture.account()
            let identity = Fixture.identity(of: account, method: .apple, subject: "001234.abcdef")
            try store.createAccount(account, identity: identity)

            #expect(try store.account(id: account.id) == account)
            #expect(try store.identities(of: account.id) == [identity])
            #expect(try store.identity(method: .apple, subject: "001234.abcdef") == identity)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func createAccountFailsWithConflictWhenIdentityIsLinkedElsewhereAndLeavesNoAccount(backend: StoreBackend) throws {
        try backend.withStore { store in
            let first = Fixture.account()
            try store.createAccount(first, identity: Fixture.identity(of: first, subject: "shared"))

            let second = Fixture.account(displayName: "Grace")
            expectStoreError(.conflict) {
                try store.createAccount(second, identity: Fixture.identity(of: second, subject: "shared"))
            }
            #expect(try store.account(id: second.id) == nil)
            #expect(try store.identity(method: .apple, subject: "shared")?.accountID == first.id)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func createAccountFailsWithConflictWhenAccountIDExists(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let twin = Account(id: account.id, displayName: "Twin", createdAt: Fixture.date(5))
            expectStoreError(.conflict) { try store.createAccount(twin, identity: Fixture.identity(of: twin)) }
            #expect(try store.account(id: account.id) == account)
            #expect(try store.identities(of: account.id).count == 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func unknownAccountIsNil(backend: StoreBackend) throws {
        try backend.withStore { store throws in
            #expect(try store.account(id: .random()) == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func updateAccountReplacesDisplayNameAndEmail(backend: StoreBackend) throws {
        try backend.withStore { store in
            var account = try Fixture.storedAccount(in: store)
            account.displayName = "Ada Lovelace"
            account.email = nil
            try store.updateAccount(account)
            #expect(try store.account(id: account.id) == account)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func updateMissingAccountFailsWithNotFound(backend: StoreBackend) throws {
        try backend.withStore { store throws in
            let account = Fixture.account()
            expectStoreError(.notFound) { try store.updateAccount(account) }
            #expect(try store.account(id: account.id) == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deleteAccountRemovesItsIdentitiesAndSessions(backend: StoreBackend) throws {
        try backend.withStore { store in
            let doomed = try Fixture.storedAccount(in: store)
            let passkey = Fixture.identity(of: doomed, method: .passkey, subject: "credential-1")
            try store.addIdentity(passkey)
            let session = Fixture.session(of: doomed)
            try store.insertSession(session)
            let other = try Fixture.storedAccount(in: store, displayName: "Grace")
            let otherSession = Fixture.session(of: other)
            try store.insertSession(otherSession)

            try store.deleteAccount(id: doomed.id)

            #expect(try store.account(id: doomed.id) == nil)
            #expect(try store.identities(of: doomed.id).isEmpty)
            #expect(try store.identity(method: .passkey, subject: "credential-1") == nil)
            #expect(try store.sessions(of: doomed.id).isEmpty)
            #expect(try store.session(tokenHash: session.tokenHash) == nil)
            #expect(try store.account(id: other.id) == other)
            #expect(try store.identities(of: other.id).count == 1)
            #expect(try store.sessions(of: other.id) == [otherSession])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deleteMissingAccountIsNotAnError(backend: StoreBackend) throws {
        try backend.withStore { store in
            try store.deleteAccount(id: .random())
        }
    }

    @Test(arguments: StoreBackend.allCases, [
        "Zoë Ångström",
        "山田 太郎",
        "محمد بن موسى",
        "Ιωάννης",
        "👩🏽‍💻 Ada",
        "e\u{301}", // decomposed é: stored as given, not normalized
        "",
    ])
    func unicodeDisplayNamesRoundTrip(backend: StoreBackend, name: String) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store, displayName: name)
            let stored = try #require(try store.account(id: account.id)?.displayName)
            #expect(Array(stored.unicodeScalars) == Array(name.unicodeScalars))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func datesRoundTripToTheMillisecond(backend: StoreBackend) throws {
        try backend.withStore { store in
            let instants = [
                Date(timeIntervalSince1970: 1_767_225_600.123),  // whole milliseconds: exact
                Date(timeIntervalSince1970: -86_400.5),          // before 1970
                Date(timeIntervalSince1970: 7_258_118_400.999),  // year 2200
            ]
            for instant in instants {
                let account = Account(createdAt: instant)
                try store.createAccount(account, identity: Fixture.identity(of: account))
                #expect(try store.account(id: account.id)?.createdAt == instant)
            }

            let precise = Date(timeIntervalSince1970: 1_767_225_600.123_456)
            let account = Account(createdAt: precise)
            try store.createAccount(account, identity: Fixture.identity(of: account))
            let stored = try #require(try store.account(id: account.id)?.createdAt)
            #expect(abs(stored.timeIntervalSince(precise)) < 0.001)
        }
    }
}
