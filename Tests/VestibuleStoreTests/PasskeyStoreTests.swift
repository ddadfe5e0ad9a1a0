import Dispatch
import Foundation
import Synchronization
import Testing
import VestibuleCore

@Suite("Passkeys")
struct PasskeyStoreTests {
    @Test(arguments: StoreBackend.allCases)
    func passkeyAccountIsCreatedWithItsIdentityAndCredential(backend: StoreBackend) throws {
        try backend.withStore { store in
            let (account, identity, credential) = Self.passkeyAccount()
            try store.createPasskeyAccount(account, identity: identity, credential: credential)

            #expect(try store.account(id: account.id) == account)
            #expect(try store.identities(of: account.id) == [identity])
            #expect(try store.passkey(id: credential.id) == credential)
            #expect(try store.passkeys(of: account.id) == [credential])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aCredentialRegisteredTwiceIsAConflictAndLeavesNoAccountBehind(backend: StoreBackend) throws {
        try backend.withStore { store in
            let (account, identity, credential) = Self.passkeyAccount()
            try store.createPasskeyAccount(account, identity: identity, credential: credential)
            let (other, _, _) = Self.passkeyAccount()
            let copy = Self.credential(of: other, id: credential.id)

            expectStoreError(.conflict) {
                try store.createPasskeyAccount(other, identity: Self.identity(of: copy), credential: copy)
            }
            #expect(try store.account(id: other.id) == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func passkeysAreAddedToAnAccountOldestFirst(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = Fixture.account()
            try store.createAccount(account, identity: Fixture.identity(of: account, method: .password))
            let first = Self.credential(of: account, at: 10)
            let second = Self.credential(of: account, at: 20)
            try store.addPasskey(second, identity: Self.identity(of: second))
            try store.addPasskey(first, identity: Self.identity(of: first))

            #expect(try store.passkeys(of: account.id) == [first, second])
            #expect(try store.identities(of: account.id).map(\.method) == [.password, .passkey, .passkey])
            expectStoreError(.notFound) {
                let stranger = Self.credential(of: Fixture.account())
                try store.addPasskey(stranger, identity: Self.identity(of: stranger))
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func challengeIsConsumedOnceAndThenGone(backend: StoreBackend) throws {
        try backend.withStore { store in
            let challenge = PasskeyChallenge(
                challengeHash: Fixture.tokenHash(), purpose: .signUp, accountID: AccountID.random(),
                displayName: "Ada", expiresAt: Fixture.date(300)
            )
            try store.savePasskeyChallenge(challenge)

            #expect(try store.consumePasskeyChallenge(challengeHash: challenge.challengeHash) == challenge)
            #expect(try store.consumePasskeyChallenge(challengeHash: challenge.challengeHash) == nil)
            #expect(try store.consumePasskeyChallenge(challengeHash: Fixture.tokenHash()) == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func ofConcurrentConsumersOfOneChallengeExactlyOneGetsIt(backend: StoreBackend) throws {
        try backend.withStore { store in
            let hashes = (0..<10).map { _ in Fixture.tokenHash() }
            for hash in hashes {
                try store.savePasskeyChallenge(
                    PasskeyChallenge(
                        challengeHash: hash, purpose: .authentication, accountID: nil, displayName: nil,
                        expiresAt: Fixture.date(300)
                    )
                )
            }
            let winners = Mutex(0)
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for hash in hashes where (try? store.consumePasskeyChallenge(challengeHash: hash)) != nil {
                    winners.withLock { $0 += 1 }
                }
            }
            #expect(winners.withLock { $0 } == hashes.count)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func expiredChallengesAreDeletedAndCurrentOnesKept(backend: StoreBackend) throws {
        try backend.withStore { store in
            let old = PasskeyChallenge(
                challengeHash: Fixture.tokenHash(), purpose: .authentication, accountID: nil, displayName: nil,
                expiresAt: Fixture.date(100)
            )
            let current = PasskeyChallenge(
                challengeHash: Fixture.tokenHash(), purpose: .registration, accountID: AccountID.random(),
                displayName: nil, expiresAt: Fixture.date(200)
            )
            try store.savePasskeyChallenge(old)
            try store.savePasskeyChallenge(current)

            #expect(try store.deleteExpiredPasskeyChallenges(now: Fixture.date(200)) == 1)
            #expect(try store.consumePasskeyChallenge(challengeHash: current.challengeHash) == current)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAssertionIsRecordedOnlyAgainstTheCounterItWasVerifiedWith(backend: StoreBackend) throws {
        try backend.withStore { store in
            let (account, identity, credential) = Self.passkeyAccount(signCount: 5)
            try store.createPasskeyAccount(account, identity: identity, credential: credential)

            #expect(
                try store.recordPasskeyAssertion(
                    id: credential.id, expectedSignCount: 5, newSignCount: 6, backedUp: true, cloneWarning: false,
                    at: Fixture.date(60)
                )
            )
            #expect(
                try !store.recordPasskeyAssertion(
                    id: credential.id, expectedSignCount: 5, newSignCount: 6, backedUp: true, cloneWarning: false,
                    at: Fixture.date(61)
                ),
                "a second assertion verified against counter 5 must be verified again"
            )
            let stored = try #require(try store.passkey(id: credential.id))
            #expect(stored.signCount == 6)
            #expect(stored.backedUp)
            #expect(stored.lastUsedAt == Fixture.date(60))
            #expect(stored.cloneWarningAt == nil)
            #expect(try store.identities(of: account.id).first?.lastUsedAt == Fixture.date(60))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aCloneWarningIsRecordedAndKept(backend: StoreBackend) throws {
        try backend.withStore { store in
            let (account, identity, credential) = Self.passkeyAccount(signCount: 9)
            try store.createPasskeyAccount(account, identity: identity, credential: credential)
            _ = try store.recordPasskeyAssertion(
                id: credential.id, expectedSignCount: 9, newSignCount: 3, backedUp: false, cloneWarning: true,
                at: Fixture.date(60)
            )
            _ = try store.recordPasskeyAssertion(
                id: credential.id, expectedSignCount: 3, newSignCount: 4, backedUp: false, cloneWarning: false,
                at: Fixture.date(120)
            )

            let stored = try #require(try store.passkey(id: credential.id))
            #expect(stored.cloneWarningAt == Fixture.date(60))
            #expect(stored.signCount == 4)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func renamingTouchesOnlyTheOwnersPasskey(backend: StoreBackend) throws {
        try backend.withStore { store in
            let (account, identity, credential) = Self.passkeyAccount()
            try store.createPasskeyAccount(account, identity: identity, credential: credential)

            #expect(try store.renamePasskey(id: credential.id, of: account.id, to: "Work laptop"))
            #expect(try !store.renamePasskey(id: credential.id, of: AccountID.random(), to: "Mine now"))
            #expect(try store.passkey(id: credential.id)?.name == "Work laptop")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theLastSignInMethodCannotBeDeleted(backend: StoreBackend) throws {
        try backend.withStore { store in
            let (account, identity, credential) = Self.passkeyAccount()
            try store.createPasskeyAccount(account, identity: identity, credential: credential)
            let second = Self.credential(of: account, at: 30)
            try store.addPasskey(second, identity: Self.identity(of: second))

            #expect(try store.deletePasskey(id: credential.id, of: AccountID.random()) == .notFound)
            #expect(try store.deletePasskey(id: credential.id, of: account.id) == .deleted)
            #expect(try store.deletePasskey(id: credential.id, of: account.id) == .notFound)
            #expect(try store.deletePasskey(id: second.id, of: account.id) == .lastSignInMethod)
            #expect(try store.passkeys(of: account.id) == [second])
            #expect(try store.identities(of: account.id).count == 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func concurrentDeletionsNeverRemoveEveryMethod(backend: StoreBackend) throws {
        try backend.withStore { store in
            for _ in 0..<5 {
                let (account, identity, credential) = Self.passkeyAccount()
                try store.createPasskeyAccount(account, identity: identity, credential: credential)
                let second = Self.credential(of: account, at: 30)
                try store.addPasskey(second, identity: Self.identity(of: second))

                let ids = [credential.id, second.id]
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    _ = try? store.deletePasskey(id: ids[index], of: account.id)
                }
                #expect(try store.passkeys(of: account.id).count == 1)
                #expect(try store.identities(of: account.id).count == 1)
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deletingTheAccountDeletesItsPasskeys(backend: StoreBackend) throws {
        try backend.withStore { store in
            let (account, identity, credential) = Self.passkeyAccount()
            try store.createPasskeyAccount(account, identity: identity, credential: credential)
            try store.deleteAccount(id: account.id)

            #expect(try store.passkey(id: credential.id) == nil)
        }
    }

    // MARK: Builders

    static func passkeyAccount(signCount: UInt32 = 0) -> (Account, Identity, PasskeyCredential) {
        let account = Fixture.account(email: nil)
        let credential = credential(of: account, signCount: signCount)
        return (account, identity(of: credential), credential)
    }

    static func credential(
        of account: Account,
        id: [UInt8] = Fixture.tokenHash(),
        signCount: UInt32 = 0,
        at seconds: Int64 = 0
    ) -> PasskeyCredential {
        PasskeyCredential(
            id: id,
            accountID: account.id,
            publicKey: Array(0..<77),
            signCount: signCount,
            backupEligible: true,
            backedUp: false,
            transports: ["hybrid", "internal"],
            aaguid: Array(repeating: 0, count: 16),
            name: "Passkey",
            createdAt: Fixture.date(seconds)
        )
    }

    static func identity(of credential: PasskeyCredential) -> Identity {
        Identity(
            accountID: credential.accountID,
            method: .passkey,
            subject: PasskeyCredential.subject(of: credential.id),
            createdAt: credential.createdAt
        )
    }
}
