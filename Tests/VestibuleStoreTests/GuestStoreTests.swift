import Dispatch
import Foundation
import Synchronization
import Testing
import VestibuleCore
import VestibuleTesting

@Suite("Guests")
struct GuestStoreTests {
    @Test(arguments: StoreBackend.allCases)
    func aGuestIsFoundOnlyByItsTokenHashAndItsActivityOnlyMovesForward(backend: StoreBackend) throws {
        try backend.withStore { store in
            let guest = try Fixture.storedGuest(in: store, lastSeenAt: 100)
            #expect(try store.guest(tokenHash: guest.tokenHash) == guest)
            #expect(try store.guest(tokenHash: Fixture.tokenHash()) == nil)
            expectStoreError(.conflict) {
                try store.insertGuest(Guest(tokenHash: guest.tokenHash, createdAt: Fixture.date(0), lastSeenAt: Fixture.date(0)))
            }

            #expect(try store.recordGuestActivity(id: guest.id, at: Fixture.date(50)))
            #expect(try store.guest(tokenHash: guest.tokenHash)?.lastSeenAt == Fixture.date(100))
            #expect(try store.recordGuestActivity(id: guest.id, at: Fixture.date(200)))
            #expect(try store.guest(tokenHash: guest.tokenHash)?.lastSeenAt == Fixture.date(200))
            #expect(try store.recordGuestActivity(id: .random(), at: Fixture.date(200)) == false)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func guestsUnseenSinceTheCutoffAreDeletedWithTheirDocuments(backend: StoreBackend) throws {
        try backend.withStore { store in
            let stale = try Fixture.storedGuest(in: store, lastSeenAt: 10)
            let atCutoff = try Fixture.storedGuest(in: store, lastSeenAt: 20)
            try store.write(Fixture.name("cart"), "{}", of: .guest(stale.id), expecting: .absent)

            #expect(try store.deleteGuests(lastSeenBefore: Fixture.date(20)) == 1)
            #expect(try store.guest(tokenHash: stale.tokenHash) == nil)
            #expect(try store.guest(tokenHash: atCutoff.tokenHash) == atCutoff)
            #expect(try store.documents(of: .guest(stale.id)).isEmpty)
        }
    }

    /// Created at 0: a guest goes when it holds documents, was last seen before the cutoff, and never after
    /// its first 3,600 seconds.
    @Test(arguments: StoreBackend.allCases)
    func abandonedGuestsAreThoseWithDocumentsNeverSeenAfterTheirFirstPeriod(backend: StoreBackend) throws {
        try backend.withStore { store in
            let abandoned = try Fixture.storedGuest(in: store, lastSeenAt: 3_000)
            let returned = try Fixture.storedGuest(in: store, lastSeenAt: 3_600)
            let empty = try Fixture.storedGuest(in: store, lastSeenAt: 0)
            for guest in [abandoned, returned] {
                try store.write(Fixture.name("cart"), "{}", of: .guest(guest.id), expecting: .absent)
            }

            #expect(try store.deleteAbandonedGuests(lastSeenBefore: Fixture.date(3_000), usedOnlyWithin: 3_600) == 0)
            #expect(try store.deleteAbandonedGuests(lastSeenBefore: Fixture.date(10_000), usedOnlyWithin: 3_600) == 1)
            #expect(try store.guest(tokenHash: abandoned.tokenHash) == nil)
            #expect(try store.documents(of: .guest(abandoned.id)).isEmpty)
            for kept in [returned, empty] { #expect(try store.guest(tokenHash: kept.tokenHash) == kept) }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aClaimMovesDocumentsWithoutANamesakeAsTheyAreAndDeletesTheGuest(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let guest = try Fixture.storedGuest(in: store)
            try store.write(Fixture.name("cart"), #"{"items":[1]}"#, of: .guest(guest.id), expecting: .absent, at: 5)
            try store.write(Fixture.name("cart"), #"{"items":[1,2]}"#, of: .guest(guest.id), expecting: .version(1), at: 6)
            try store.write(Fixture.name("orders"), "[]", of: .guest(guest.id), expecting: .absent, at: 7)
            let before = try store.documents(of: .guest(guest.id))

            let claim = try store.claimGuest(guest.id, into: account.id, merging: .keepBoth, at: Fixture.date(100))

            #expect(claim == GuestClaim(moved: 2))
            #expect(try store.documents(of: .account(account.id)) == before, "same names, versions, times and sizes")
            #expect(try store.document(Fixture.name("cart"), of: .account(account.id))?.body == Array(#"{"items":[1,2]}"#.utf8))
            #expect(try store.guest(tokenHash: guest.tokenHash) == nil)
            #expect(try store.documents(of: .guest(guest.id)).isEmpty)
            expectStoreError(.notFound) {
                _ = try store.claimGuest(guest.id, into: account.id, merging: .keepBoth, at: Fixture.date(101))
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aClaimIntoAnAccountThatIsGoneFailsWithNotFoundAndKeepsTheGuest(backend: StoreBackend) throws {
        try backend.withStore { store in
            let guest = try Fixture.storedGuest(in: store)
            try store.write(Fixture.name("cart"), "{}", of: .guest(guest.id), expecting: .absent)
            expectStoreError(.notFound) {
                _ = try store.claimGuest(guest.id, into: .random(), merging: .preferGuest, at: Fixture.date(1))
            }
            #expect(try store.guest(tokenHash: guest.tokenHash) == guest)
            #expect(try store.documents(of: .guest(guest.id)).count == 1)
        }
    }

    /// The documented rules, on one account and one guest: `cart` is newer in the account, `prefs` was written
    /// at the same millisecond on both sides, `cart.guest` is the account's own, and the guest also has
    /// `cart.guest-2` and `wishlist`, which have no namesake and simply move.
    @Test(arguments: StoreBackend.allCases, DocumentMergeRule.allCases)
    func eachMergeRuleReconcilesNamesakesAsDocumented(backend: StoreBackend, rule: DocumentMergeRule) throws {
        try backend.withStore { store in
            let account = DocumentOwner.account(try Fixture.storedAccount(in: store).id)
            let guest = try Fixture.storedGuest(in: store)
            let visitor = DocumentOwner.guest(guest.id)
            try store.write(Fixture.name("cart"), #""account cart""#, of: account, expecting: .absent, at: 100)
            try store.write(Fixture.name("cart"), #""account cart""#, of: account, expecting: .version(1), at: 250)
            try store.write(Fixture.name("prefs"), #""account prefs""#, of: account, expecting: .absent, at: 300)
            try store.write(Fixture.name("cart.guest"), #""account copy""#, of: account, expecting: .absent, at: 50)
            try store.write(Fixture.name("cart"), #""guest cart""#, of: visitor, expecting: .absent, at: 200)
            try store.write(Fixture.name("prefs"), #""guest prefs""#, of: visitor, expecting: .absent, at: 300)
            try store.write(Fixture.name("cart.guest-2"), #""guest copy""#, of: visitor, expecting: .absent, at: 60)
            try store.write(Fixture.name("wishlist"), #""guest wishlist""#, of: visitor, expecting: .absent, at: 10)

            let claim = try store.claimGuest(guest.id, into: account.accountID, merging: rule, at: Fixture.date(1_000))

            let moved: [String: String] = ["cart.guest": "account copy", "cart.guest-2": "guest copy", "wishlist": "guest wishlist"]
            let expected: [String: String]
            switch rule {
            case .keepBoth:
                #expect(claim == GuestClaim(moved: 2, renamed: ["cart.guest-3", "prefs.guest"]))
                expected = ["cart": "account cart", "prefs": "account prefs", "cart.guest-3": "guest cart", "prefs.guest": "guest prefs"]
            case .preferAccount:
                #expect(claim == GuestClaim(moved: 2, discarded: 2))
                expected = ["cart": "account cart", "prefs": "account prefs"]
            case .preferGuest:
                #expect(claim == GuestClaim(moved: 2, replaced: 2))
                expected = ["cart": "guest cart", "prefs": "guest prefs"]
            case .lastWriter:
                #expect(claim == GuestClaim(moved: 2, replaced: 1, discarded: 1))
                expected = ["cart": "account cart", "prefs": "guest prefs"]
            }
            var held: [String: String] = [:]
            for summary in try store.documents(of: account) {
                let body = try #require(try store.document(summary.name, of: account)).body
                held[summary.name.rawValue] = String(decoding: body.dropFirst().dropLast(), as: UTF8.self)
            }
            #expect(held == expected.merging(moved) { $1 })
            // A replacement is the account's next version, written at the claim; a move keeps version and time.
            let cart = try #require(try store.document(Fixture.name("cart"), of: account))
            let prefs = try #require(try store.document(Fixture.name("prefs"), of: account))
            #expect((cart.version, cart.updatedAt) == (held["cart"] == "guest cart" ? (3, Fixture.date(1_000)) : (2, Fixture.date(250))))
            #expect((prefs.version, prefs.updatedAt) == (held["prefs"] == "guest prefs" ? (2, Fixture.date(1_000)) : (1, Fixture.date(300))))
            #expect(try store.document(Fixture.name("wishlist"), of: account)?.updatedAt == Fixture.date(10))
            #expect(try store.guest(tokenHash: guest.tokenHash) == nil)
            #expect(try store.documents(of: visitor).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func keepingBothShortensALongNameSoItsCopyStillFits(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = DocumentOwner.account(try Fixture.storedAccount(in: store).id)
            let guest = try Fixture.storedGuest(in: store)
            let long = Fixture.name(String(repeating: "n", count: DocumentName.maximumLength))
            try store.write(long, "1", of: account, expecting: .absent)
            try store.write(long, "2", of: .guest(guest.id), expecting: .absent)

            let claim = try store.claimGuest(guest.id, into: account.accountID, merging: .keepBoth, at: Fixture.date(1))

            let copy = String(repeating: "n", count: DocumentName.maximumLength - 6) + ".guest"
            #expect(claim.renamed == [copy])
            #expect(try store.document(Fixture.name(copy), of: account)?.body == Array("2".utf8))
        }
    }

    /// Issue #7's acceptance: writers create and replace a guest's documents while the guest is claimed.
    /// Every write a writer was told succeeded is in the account exactly once, as it was written (the one
    /// name the account had already is kept beside it as `.guest`); every write after the claim fails with
    /// `.notFound`, and none succeeds after a failure.
    @Test(arguments: StoreBackend.allCases)
    func theMoveToTheAccountIsAtomicUnderConcurrentWrites(backend: StoreBackend) throws {
        let writers = 4
        let documentsPerWriter = 400
        try backend.withStore { store in
            let account = DocumentOwner.account(try Fixture.storedAccount(in: store).id)
            let guest = try Fixture.storedGuest(in: store)
            try store.write(Fixture.name("w0-0"), #""the account's own""#, of: account, expecting: .absent)

            /// The last write each writer was told succeeded, by document name: its version and body.
            let written = Mutex<[String: (version: Int, body: String)]>([:])
            let documentsWritten = Mutex([Int](repeating: 0, count: writers))
            let refusedAfterTheClaim = Mutex(0)
            let claimed = Mutex<GuestClaim?>(nil)
            // Threads of their own, all running at once (a dispatch pool as wide as the cores could run the
            // writers one after another, and the claim only after them).
            onThreads(writers + 1) { thread in
                if thread == writers {
                    // The claim starts once every writer is under way.
                    #expect(eventually(timeout: .seconds(30)) { documentsWritten.withLock { $0.min() ?? 0 } >= 10 })
                    do {
                        let claim = try store.claimGuest(guest.id, into: account.accountID, merging: .keepBoth, at: Fixture.date(9))
                        claimed.withLock { $0 = claim }
                    } catch {
                        Issue.record(error, "the claim")
                    }
                    return
                }
                for index in 0..<documentsPerWriter {
                    let name = Fixture.name("w\(thread)-\(index)")
                    for version in 1...2 {
                        let body = #"{"writer":\#(thread),"index":\#(index),"version":\#(version)}"#
                        do {
                            let outcome = try store.write(
                                name, body, of: .guest(guest.id),
                                expecting: version == 1 ? .absent : .version(1), limit: 10_000
                            )
                            #expect(outcome == .written(version: version), "\(name)")
                            written.withLock { $0[name.rawValue] = (version, body) }
                        } catch let error as StoreError where error.code == .notFound {
                            refusedAfterTheClaim.withLock { $0 += 1 }
                            return  // the guest is gone: this writer's next write would fail the same way
                        } catch {
                            Issue.record(error, "\(name) version \(version)")
                            return
                        }
                    }
                    documentsWritten.withLock { $0[thread] += 1 }
                }
            }

            let claim = try #require(claimed.withLock { $0 })
            let told = written.withLock { $0 }
            #expect(refusedAfterTheClaim.withLock { $0 } == writers, "every writer was still writing when the claim came")
            #expect(claim.moved + claim.renamed.count == told.count)
            #expect(claim.renamed == ["w0-0.guest"])
            #expect(claim.replaced == 0 && claim.discarded == 0)

            let held = try store.documents(of: account)
            #expect(held.count == told.count + 1, "each written document once, and the account's own")
            #expect(Set(held.map(\.name)).count == held.count)
            for (name, last) in told {
                let stored = try #require(try store.document(Fixture.name(name == "w0-0" ? "w0-0.guest" : name), of: account))
                #expect(stored.version == last.version, "\(name)")
                #expect(stored.body == Array(last.body.utf8), "\(name)")
            }
            #expect(try store.document(Fixture.name("w0-0"), of: account)?.body == Array(#""the account's own""#.utf8))
            #expect(try store.documents(of: .guest(guest.id)).isEmpty)
            expectStoreError(.notFound) {
                try store.write(Fixture.name("late"), "{}", of: .guest(guest.id), expecting: .absent)
            }
        }
    }
}

/// Runs `body` on `count` threads at once, each given its index, and returns when all have finished.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread {
            body(index)
            group.leave()
        }.start()
    }
    group.wait()
}

extension DocumentOwner {
    /// The account of an `.account` owner (the tests build them so).
    var accountID: AccountID {
        guard case .account(let id) = self else { preconditionFailure("not an account's documents") }
        return id
    }
}
