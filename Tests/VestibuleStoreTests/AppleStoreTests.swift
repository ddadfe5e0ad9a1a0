import Dispatch
import Foundation
import Synchronization
import Testing
import VestibuleCore

@Suite("Sign in with Apple")
struct AppleStoreTests {
    @Test(arguments: StoreBackend.allCases)
    func anAppleAccountIsCreatedWithItsIdentityAndRecord(backend: StoreBackend) throws {
        try backend.withStore { store in
            let (account, identity, record) = Self.appleAccount()
            try store.createAppleAccount(account, identity: identity, apple: record)

            #expect(try store.identities(of: account.id) == [identity])
            #expect(try store.appleIdentity(subject: record.subject) == record)
            #expect(try store.appleIdentities(of: account.id) == [record])
            expectStoreError(.conflict) {
                let (other, _, _) = Self.appleAccount()
                try store.createAppleAccount(other, identity: Self.identity(other, record.subject), apple: record)
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func tokensAndRelayForwardingAreUpdatedInPlace(backend: StoreBackend) throws {
        try backend.withStore { store in
            let (account, identity, record) = Self.appleAccount()
            try store.createAppleAccount(account, identity: identity, apple: record)
            try store.updateAppleRefreshToken(subject: record.subject, clientID: "com.example.app", sealed: [9, 9], at: Fixture.date(60))
            #expect(try store.setAppleEmailForwarding(subject: record.subject, disabledAt: Fixture.date(70), at: Fixture.date(70)))
            #expect(try !store.setAppleEmailForwarding(subject: "nobody", disabledAt: nil, at: Fixture.date(70)))

            let stored = try #require(try store.appleIdentity(subject: record.subject))
            #expect(stored.clientID == "com.example.app")
            #expect(stored.sealedRefreshToken == [9, 9])
            #expect(stored.forwardingDisabledAt == Fixture.date(70))
            try store.setAppleEmailForwarding(subject: record.subject, disabledAt: nil, at: Fixture.date(80))
            #expect(try store.appleIdentity(subject: record.subject)?.forwardingDisabledAt == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func appleIsUnlinkedOnlyWhileAnotherMethodRemains(backend: StoreBackend) throws {
        try backend.withStore { store in
            let (account, identity, record) = Self.appleAccount()
            try store.createAppleAccount(account, identity: identity, apple: record)
            let later = Fixture.date(5)
            #expect(try store.unlinkAppleIdentity(subject: record.subject, of: account.id, queueingRevocationAt: later)
                == AppleUnlinking(removal: .lastSignInMethod))

            try store.addIdentity(Fixture.identity(of: account, method: .password, subject: "ada@example.com"))
            #expect(try store.unlinkAppleIdentity(subject: record.subject, of: AccountID.random(), queueingRevocationAt: later)
                == AppleUnlinking(removal: .notFound))
            #expect(try store.dueAppleRevocations(at: later, limit: 5).isEmpty, "nothing queued while nothing was unlinked")
            let unlinking = try store.unlinkAppleIdentity(subject: record.subject, of: account.id, queueingRevocationAt: later)
            #expect(unlinking.removal == .deleted)
            #expect(unlinking.record == record)
            // The token is queued in the same transaction, so it is revoked even if nothing else happens now.
            let queued = try #require(unlinking.revocation)
            #expect(queued.sealedToken == record.sealedRefreshToken && queued.clientID == record.clientID)
            #expect(try store.dueAppleRevocations(at: later, limit: 5) == [queued])
            #expect(try store.appleIdentity(subject: record.subject) == nil)
            #expect(try store.identities(of: account.id).map(\.method) == [.password])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aNotificationIsRecordedOnceEvenWhenDeliveredTwiceAtOnce(backend: StoreBackend) throws {
        try backend.withStore { store throws in
            let firsts = Mutex(0)
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                if (try? store.recordAppleNotification(id: "jti-1", at: Fixture.date(0))) == true {
                    firsts.withLock { $0 += 1 }
                }
            }
            #expect(firsts.withLock { $0 } == 1)
            #expect(try store.deleteAppleNotifications(before: Fixture.date(1)) == 1)
            #expect(try store.recordAppleNotification(id: "jti-1", at: Fixture.date(2)))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deletingAnAccountQueuesItsRevocationsInTheSameTransaction(backend: StoreBackend) throws {
        try backend.withStore { store in
            let (account, identity, record) = Self.appleAccount()
            try store.createAppleAccount(account, identity: identity, apple: record)
            let revocation = AppleRevocation(
                clientID: "com.example.web", sealedToken: [1, 2, 3], nextAttemptAt: Fixture.date(0), createdAt: Fixture.date(0)
            )
            try store.deleteAccount(id: account.id, queueing: [revocation])

            #expect(try store.account(id: account.id) == nil)
            #expect(try store.appleIdentity(subject: record.subject) == nil, "the Apple record goes with the account")
            #expect(try store.dueAppleRevocations(at: Fixture.date(0), limit: 10) == [revocation])
            try store.postponeAppleRevocation(id: revocation.id, until: Fixture.date(300))
            #expect(try store.dueAppleRevocations(at: Fixture.date(299), limit: 10).isEmpty)
            let retried = try #require(try store.dueAppleRevocations(at: Fixture.date(300), limit: 10).first)
            #expect(retried.attempts == 1)
            try store.finishAppleRevocation(id: revocation.id)
            #expect(try store.dueAppleRevocations(at: Fixture.date(900), limit: 10).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func onlyTheSessionsStartedWithAMethodEnd(backend: StoreBackend) throws {
        try backend.withStore { store in
            let (account, identity, record) = Self.appleAccount()
            try store.createAppleAccount(account, identity: identity, apple: record)
            for method in [SignInMethod.apple, .passkey] {
                try store.insertSession(
                    Session(
                        accountID: account.id, tokenHash: Fixture.tokenHash(), method: method, createdAt: Fixture.date(0),
                        lastSeenAt: Fixture.date(0), expiresAt: Fixture.date(86_400), userAgent: "Safari"
                    )
                )
            }

            #expect(try store.deleteSessions(of: account.id, signedInWith: .apple) == 1)
            #expect(try store.sessions(of: account.id).map(\.method) == [.passkey])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aPendingStepIsUsedOnceByItsKindAndHandle(backend: StoreBackend) throws {
        try backend.withStore { store in
            let step = PendingStep(
                kind: "apple-authorization", handleHash: Fixture.tokenHash(), sealedPayload: [7], expiresAt: Fixture.date(600)
            )
            try store.savePendingStep(step)
            #expect(try store.consumePendingStep(kind: "other", handleHash: step.handleHash) == nil)
            #expect(try store.consumePendingStep(kind: step.kind, handleHash: step.handleHash) == step)
            #expect(try store.consumePendingStep(kind: step.kind, handleHash: step.handleHash) == nil)
            try store.savePendingStep(step)
            #expect(try store.deleteExpiredPendingSteps(now: Fixture.date(601)) == 1)
        }
    }

    static func appleAccount() -> (Account, Identity, AppleIdentityRecord) {
        let account = Fixture.account(email: "x7@privaterelay.appleid.com")
        let subject = "001234.\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()).0456"
        let record = AppleIdentityRecord(
            subject: subject, accountID: account.id, clientID: "com.example.web", sealedRefreshToken: [1, 2, 3],
            isPrivateEmail: true, updatedAt: Fixture.date(0)
        )
        return (account, identity(account, subject), record)
    }

    static func identity(_ account: Account, _ subject: String) -> Identity {
        Identity(accountID: account.id, method: .apple, subject: subject, email: account.email, createdAt: Fixture.date(0))
    }
}
