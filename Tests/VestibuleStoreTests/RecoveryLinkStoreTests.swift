import Testing
import VestibuleCore

@Suite("Recovery links")
struct RecoveryLinkStoreTests {
    @Test(arguments: StoreBackend.allCases)
    func aLinkWorksOnceBeforeItExpiresAndOnlyTheNewestOfAnAccount(backend: StoreBackend) throws {
        try backend.withStore { store in
            let ada = try Fixture.storedAccount(in: store)
            let bob = try Fixture.storedAccount(in: store, displayName: "Bob")
            try store.replaceRecoveryLink(tokenHash: [1], accountID: ada.id, expiresAt: Fixture.date(10))
            try store.replaceRecoveryLink(tokenHash: [2], accountID: bob.id, expiresAt: Fixture.date(10))
            #expect(try store.recoveryLinkAccount(tokenHash: [1], now: Fixture.date(9)) == ada.id)
            #expect(try store.recoveryLinkAccount(tokenHash: [1], now: Fixture.date(9)) == ada.id, "looking uses nothing up")
            #expect(try store.recoveryLinkAccount(tokenHash: [2], now: Fixture.date(10)) == nil, "expired")
            #expect(try store.consumeRecoveryLink(tokenHash: [2], now: Fixture.date(10)) == nil, "expired")

            try store.replaceRecoveryLink(tokenHash: [3], accountID: ada.id, expiresAt: Fixture.date(20))
            #expect(try store.recoveryLinkAccount(tokenHash: [1], now: Fixture.date(9)) == nil, "replaced by the newer link")
            #expect(try store.consumeRecoveryLink(tokenHash: [3], now: Fixture.date(19)) == ada.id)
            #expect(try store.consumeRecoveryLink(tokenHash: [3], now: Fixture.date(19)) == nil, "used up")
            expectStoreError(.notFound) {
                try store.replaceRecoveryLink(tokenHash: [4], accountID: Fixture.account().id, expiresAt: Fixture.date(20))
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func expiredLinksAndAnAccountsLinkGoAway(backend: StoreBackend) throws {
        try backend.withStore { store in
            let ada = try Fixture.storedAccount(in: store)
            let bob = try Fixture.storedAccount(in: store, displayName: "Bob")
            try store.replaceRecoveryLink(tokenHash: [1], accountID: ada.id, expiresAt: Fixture.date(10))
            try store.replaceRecoveryLink(tokenHash: [2], accountID: bob.id, expiresAt: Fixture.date(30))
            #expect(try store.deleteExpiredRecoveryLinks(now: Fixture.date(10)) == 1)
            try store.deleteAccount(id: bob.id)
            #expect(try store.consumeRecoveryLink(tokenHash: [2], now: Fixture.date(11)) == nil, "gone with its account")
        }
    }
}
