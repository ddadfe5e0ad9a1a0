import Testing
import VestibuleCore

@Suite("Identities")
struct IdentityStoreTests {
    @Test(arguments: StoreBackend.allCases)
    func addIdentityLinksAnotherSignInMethodToTheAccount(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = Fixture.account()
            let apple = Fixture.identity(of: account, method: .apple, subject: "apple-sub", at: 0)
            try store.createAccount(account, identity: apple)
            let passkey = Fixture.identity(of: account, method: .passkey, subject: "credential", at: 60)
            try store.addIdentity(passkey)

            #expect(try store.identities(of: account.id) == [apple, passkey])
            #expect(try store.identity(method: .passkey, subject: "credential") == passkey)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func addIdentityFailsWithConflictWhenAlreadyLinked(backend: StoreBackend) throws {
        try backend.withStore { store in
            let owner = Fixture.account()
            let identity = Fixture.identity(of: owner, method: .password, subject: "ada@example.com")
            try store.createAccount(owner, identity: identity)
            let other = try Fixture.storedAccount(in: store, displayName: "Grace")

            expectStoreError(.conflict) { try store.addIdentity(identity) }
            expectStoreError(.conflict) {
                try store.addIdentity(Fixture.identity(of: other, method: .password, subject: "ada@example.com"))
            }
            #expect(try store.identity(method: .password, subject: "ada@example.com") == identity)
            #expect(try store.identities(of: other.id).count == 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func addIdentityToMissingAccountFailsWithNotFound(backend: StoreBackend) throws {
        try backend.withStore { store throws in
            let ghost = Fixture.account()
            expectStoreError(.notFound) { try store.addIdentity(Fixture.identity(of: ghost, subject: "ghost")) }
            #expect(try store.identity(method: .apple, subject: "ghost") == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func identityIsFoundOnlyByItsExactMethodAndSubject(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = Fixture.account()
            try store.createAccount(account, identity: Fixture.identity(of: account, method: .apple, subject: "Sub-1"))

            #expect(try store.identity(method: .apple, subject: "Sub-1") != nil)
            #expect(try store.identity(method: .passkey, subject: "Sub-1") == nil)
            #expect(try store.identity(method: .apple, subject: "sub-1") == nil)
            #expect(try store.identity(method: .apple, subject: "Sub-") == nil)
            #expect(try store.identity(method: .apple, subject: "Sub-1 ") == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func sameSubjectMayBeLinkedUnderDifferentMethods(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = Fixture.account()
            try store.createAccount(account, identity: Fixture.identity(of: account, method: .apple, subject: "x"))
            try store.addIdentity(Fixture.identity(of: account, method: .passkey, subject: "x"))
            #expect(try store.identities(of: account.id).map(\.method) == [.apple, .passkey])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func identitiesOfAccountAreOldestFirst(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = Fixture.account()
            let oldest = Fixture.identity(of: account, method: .password, subject: "ada@example.com", at: 0)
            try store.createAccount(account, identity: oldest)
            let newest = Fixture.identity(of: account, method: .passkey, subject: "key-2", at: 300)
            let middle = Fixture.identity(of: account, method: .passkey, subject: "key-1", at: 100)
            try store.addIdentity(newest)
            try store.addIdentity(middle)

            #expect(try store.identities(of: account.id) == [oldest, middle, newest])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func recordIdentityUseSetsLastUsedAt(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = Fixture.account()
            var identity = Fixture.identity(of: account, subject: "apple-sub")
            try store.createAccount(account, identity: identity)

            try store.recordIdentityUse(method: .apple, subject: "apple-sub", at: Fixture.date(3_600))

            identity.lastUsedAt = Fixture.date(3_600)
            #expect(try store.identity(method: .apple, subject: "apple-sub") == identity)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func recordUseOfMissingIdentityFailsWithNotFound(backend: StoreBackend) throws {
        try backend.withStore { store in
            expectStoreError(.notFound) {
                try store.recordIdentityUse(method: .passkey, subject: "nobody", at: Fixture.date(0))
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func removeIdentityUnlinksOnlyThatIdentity(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = Fixture.account()
            let apple = Fixture.identity(of: account, method: .apple, subject: "apple-sub")
            try store.createAccount(account, identity: apple)
            try store.addIdentity(Fixture.identity(of: account, method: .passkey, subject: "credential", at: 1))

            try store.removeIdentity(method: .passkey, subject: "credential")

            #expect(try store.identity(method: .passkey, subject: "credential") == nil)
            #expect(try store.identities(of: account.id) == [apple])
            #expect(try store.account(id: account.id) == account)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func removeMissingIdentityIsNotAnError(backend: StoreBackend) throws {
        try backend.withStore { store in
            try store.removeIdentity(method: .password, subject: "nobody@example.com")
        }
    }
}
