import Testing
import VestibuleCore

@Suite("Password credentials")
struct PasswordCredentialStoreTests {
    @Test(arguments: StoreBackend.allCases)
    func createPasswordAccountStoresAccountIdentityAndCredentialTogether(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = Fixture.account()
            let identity = Fixture.identity(of: account, method: .password, subject: "ada@example.com")
            let credential = Fixture.credential(of: account, verifiedAt: 30, updatedAt: 10)
            try store.createPasswordAccount(account, identity: identity, credential: credential)

            #expect(try store.account(id: account.id) == account)
            #expect(try store.identity(method: .password, subject: "ada@example.com") == identity)
            #expect(try store.passwordCredential(of: account.id) == credential)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func createPasswordAccountFailsWithConflictWhenEmailIsTakenAndLeavesNothing(backend: StoreBackend) throws {
        try backend.withStore { store in
            let first = try Fixture.storedPasswordAccount(in: store, email: "ada@example.com")

            let second = Fixture.account(displayName: "Impostor")
            expectStoreError(.conflict) {
                try store.createPasswordAccount(
                    second,
                    identity: Fixture.identity(of: second, method: .password, subject: "ada@example.com"),
                    credential: Fixture.credential(of: second, hash: "other")
                )
            }
            #expect(try store.account(id: second.id) == nil)
            #expect(try store.passwordCredential(of: second.id) == nil)
            #expect(try store.identity(method: .password, subject: "ada@example.com")?.accountID == first.id)
            #expect(try store.passwordCredential(of: first.id)?.passwordHash != "other")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func createPasswordAccountFailsWithConflictWhenAccountIDExists(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let twin = Account(id: account.id, createdAt: Fixture.date(5))
            expectStoreError(.conflict) {
                try store.createPasswordAccount(
                    twin,
                    identity: Fixture.identity(of: twin, method: .password, subject: "twin@example.com"),
                    credential: Fixture.credential(of: twin)
                )
            }
            #expect(try store.identity(method: .password, subject: "twin@example.com") == nil)
            #expect(try store.passwordCredential(of: account.id) == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func accountWithoutPasswordHasNoCredential(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            #expect(try store.passwordCredential(of: account.id) == nil)
            #expect(try store.passwordCredential(of: .random()) == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func updatePasswordHashWithoutExpectationReplacesTheHashAndUpdatedAt(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedPasswordAccount(in: store)
            #expect(try store.updatePasswordHash(of: account.id, to: "new", replacing: nil, at: Fixture.date(60)))
            let stored = try #require(try store.passwordCredential(of: account.id))
            #expect(stored.passwordHash == "new")
            #expect(stored.updatedAt == Fixture.date(60))
            #expect(stored.verifiedAt == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func updatePasswordHashReplacesOnlyTheExpectedHash(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedPasswordAccount(in: store, hash: "old")
            #expect(try store.updatePasswordHash(of: account.id, to: "stale", replacing: "older", at: Fixture.date(1))
                == false)
            #expect(try store.passwordCredential(of: account.id)?.passwordHash == "old")
            #expect(try store.passwordCredential(of: account.id)?.updatedAt == Fixture.date(0))

            #expect(try store.updatePasswordHash(of: account.id, to: "new", replacing: "old", at: Fixture.date(2)))
            #expect(try store.passwordCredential(of: account.id)?.passwordHash == "new")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func updatePasswordHashChangesOnlyThatAccount(backend: StoreBackend) throws {
        try backend.withStore { store in
            let ada = try Fixture.storedPasswordAccount(in: store, email: "ada@example.com", hash: "same")
            let grace = try Fixture.storedPasswordAccount(in: store, email: "grace@example.com", hash: "same")
            try store.updatePasswordHash(of: ada.id, to: "new", replacing: "same", at: Fixture.date(1))
            #expect(try store.passwordCredential(of: grace.id)?.passwordHash == "same")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func updatePasswordHashOfAccountWithoutPasswordFailsWithNotFound(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            expectStoreError(.notFound) {
                try store.updatePasswordHash(of: account.id, to: "x", replacing: nil, at: Fixture.date(0))
            }
            expectStoreError(.notFound) {
                try store.updatePasswordHash(of: .random(), to: "x", replacing: "y", at: Fixture.date(0))
            }
            #expect(try store.passwordCredential(of: account.id) == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func markPasswordVerifiedSetsVerifiedAtOnceAndKeepsTheFirstDate(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedPasswordAccount(in: store)
            try store.markPasswordVerified(of: account.id, at: Fixture.date(100))
            try store.markPasswordVerified(of: account.id, at: Fixture.date(200))
            let stored = try #require(try store.passwordCredential(of: account.id))
            #expect(stored.verifiedAt == Fixture.date(100))
            #expect(stored.updatedAt == Fixture.date(0), "verifying does not change the password")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func markPasswordVerifiedOfAccountWithoutPasswordFailsWithNotFound(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            expectStoreError(.notFound) { try store.markPasswordVerified(of: account.id, at: Fixture.date(0)) }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deleteAccountRemovesItsPasswordCredential(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedPasswordAccount(in: store)
            try store.deleteAccount(id: account.id)
            #expect(try store.passwordCredential(of: account.id) == nil)
            #expect(try store.identity(method: .password, subject: "ada@example.com") == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func passwordHashTextRoundTripsExactly(backend: StoreBackend) throws {
        try backend.withStore { store in
            let hash = "$argon2id$v=19$m=19456,t=2,p=1$M23XrByXrnAxnH8xS1dYCA$"
                + "IsVJeRdjwUyRBlSCPbYuQ72k26dsG9Z75fr+jpA8Oiw"
            let account = try Fixture.storedPasswordAccount(in: store, hash: hash)
            #expect(try store.passwordCredential(of: account.id)?.passwordHash == hash)
        }
    }
}
