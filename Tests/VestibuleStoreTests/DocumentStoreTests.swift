import Dispatch
import Foundation
import Synchronization
import Testing
import VestibuleCore

@Suite("Documents")
struct DocumentStoreTests {
    @Test(arguments: StoreBackend.allCases)
    func aDocumentIsCreatedAtVersionOneAndReplacedOnlyAtTheVersionExpected(backend: StoreBackend) throws {
        try backend.withStore { store in
            let owner = DocumentOwner.account(try Fixture.storedAccount(in: store).id)
            let cart = Fixture.name("cart")
            #expect(try store.write(cart, #"{"items":[]}"#, of: owner, expecting: .absent, at: 10) == .written(version: 1))
            #expect(try store.write(cart, "[]", of: owner, expecting: .absent) == .versionMismatch(current: 1))
            #expect(try store.write(cart, #"{"items":[1]}"#, of: owner, expecting: .version(1), at: 20) == .written(version: 2))
            #expect(try store.write(cart, "[]", of: owner, expecting: .version(1)) == .versionMismatch(current: 2))
            #expect(try store.write(Fixture.name("none"), "[]", of: owner, expecting: .version(1)) == .versionMismatch(current: nil))

            #expect(
                try store.document(cart, of: owner)
                    == StoredDocument(owner: owner, name: cart, version: 2, body: Array(#"{"items":[1]}"#.utf8), updatedAt: Fixture.date(20))
            )
            #expect(try store.document(Fixture.name("none"), of: owner) == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theStorageBytesAreEveryOwnersBodiesTogether(backend: StoreBackend) throws {
        try backend.withStore { store in
            #expect(try store.documentStorageBytes() == 0)
            let account = DocumentOwner.account(try Fixture.storedAccount(in: store).id)
            let guest = DocumentOwner.guest(try Fixture.storedGuest(in: store).id)
            try store.write(Fixture.name("cart"), #"["Ōe"]"#, of: account, expecting: .absent)
            try store.write(Fixture.name("cart"), "[1,2,3]", of: guest, expecting: .absent)
            try store.write(Fixture.name("cart"), "[1]", of: guest, expecting: .version(1))
            #expect(try store.documentStorageBytes() == 7 + 3, "bytes, not characters; replaced bodies are gone")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theListIsByNameWithSizesInBytesAndNoOtherOwnersDocuments(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = DocumentOwner.account(try Fixture.storedAccount(in: store).id)
            let guest = DocumentOwner.guest(try Fixture.storedGuest(in: store).id)
            let other = DocumentOwner.account(try Fixture.storedAccount(in: store, displayName: "Grace").id)
            try store.write(Fixture.name("wishlist"), #"["Ōe"]"#, of: account, expecting: .absent, at: 5)
            try store.write(Fixture.name("cart"), "{}", of: account, expecting: .absent, at: 7)
            // The same name for other owners is another document.
            try store.write(Fixture.name("cart"), "[1,2,3]", of: guest, expecting: .absent)
            try store.write(Fixture.name("cart"), "null", of: other, expecting: .absent)

            #expect(
                try store.documents(of: account) == [
                    DocumentSummary(name: Fixture.name("cart"), version: 1, updatedAt: Fixture.date(7), size: 2),
                    DocumentSummary(name: Fixture.name("wishlist"), version: 1, updatedAt: Fixture.date(5), size: 7),
                ]
            )
            #expect(try store.documents(of: guest).map(\.size) == [7])
            #expect(try store.document(Fixture.name("cart"), of: other)?.body == Array("null".utf8))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func creatingBeyondTheOwnersLimitIsRefusedButReplacingIsNot(backend: StoreBackend) throws {
        try backend.withStore { store in
            let owner = DocumentOwner.guest(try Fixture.storedGuest(in: store).id)
            for name in ["a", "b"] {
                #expect(try store.write(Fixture.name(name), "1", of: owner, expecting: .absent, limit: 2) == .written(version: 1))
            }
            #expect(try store.write(Fixture.name("c"), "1", of: owner, expecting: .absent, limit: 2) == .limitReached)
            #expect(try store.write(Fixture.name("a"), "2", of: owner, expecting: .version(1), limit: 2) == .written(version: 2))
            #expect(try store.documents(of: owner).map(\.name.rawValue) == ["a", "b"])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aDocumentIsDeletedOnlyAtItsCurrentVersion(backend: StoreBackend) throws {
        try backend.withStore { store in
            let owner = DocumentOwner.account(try Fixture.storedAccount(in: store).id)
            let cart = Fixture.name("cart")
            try store.write(cart, "{}", of: owner, expecting: .absent)
            try store.write(cart, "[]", of: owner, expecting: .version(1))

            #expect(try store.deleteDocument(cart, of: owner, version: 1) == .versionMismatch(current: 2))
            #expect(try store.deleteDocument(cart, of: owner, version: 2) == .deleted)
            #expect(try store.deleteDocument(cart, of: owner, version: 2) == .versionMismatch(current: nil))
            #expect(try store.documents(of: owner).isEmpty)
            // A new document of that name starts again at version 1.
            #expect(try store.write(cart, "{}", of: owner, expecting: .absent) == .written(version: 1))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func writingForAGuestOrAccountThatIsGoneFailsWithNotFound(backend: StoreBackend) throws {
        try backend.withStore { store throws in
            for owner in [DocumentOwner.guest(.random()), .account(.random())] {
                expectStoreError(.notFound) { try store.write(Fixture.name("cart"), "{}", of: owner, expecting: .absent) }
                expectStoreError(.notFound) { _ = try store.deleteDocument(Fixture.name("cart"), of: owner, version: 1) }
                #expect(try store.documents(of: owner).isEmpty)
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func ofWritersExpectingTheSameVersionExactlyOneWins(backend: StoreBackend) throws {
        try backend.withStore { store in
            let owner = DocumentOwner.guest(try Fixture.storedGuest(in: store).id)
            let cart = Fixture.name("cart")
            try store.write(cart, "0", of: owner, expecting: .absent)
            let winners = Mutex<[Int]>([])
            DispatchQueue.concurrentPerform(iterations: 6) { writer in
                do {
                    if try store.write(cart, "\(writer + 1)", of: owner, expecting: .version(1)) == .written(version: 2) {
                        winners.withLock { $0.append(writer) }
                    }
                } catch {
                    Issue.record(error, "writer \(writer)")
                }
            }
            let winner = try #require(winners.withLock { $0.count == 1 ? $0.first : nil })
            #expect(try store.document(cart, of: owner)?.body == Array("\(winner + 1)".utf8))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deletingTheAccountDeletesItsDocuments(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            try store.write(Fixture.name("cart"), "{}", of: .account(account.id), expecting: .absent)
            try store.deleteAccount(id: account.id)
            #expect(try store.documents(of: .account(account.id)).isEmpty)
        }
    }
}

extension Store {
    /// Writes `json` as the document's body, at ``Fixture/date(_:)``(`seconds`).
    @discardableResult
    func write(
        _ name: DocumentName, _ json: String, of owner: DocumentOwner, expecting precondition: DocumentPrecondition,
        limit: Int = 100, at seconds: Int64 = 0
    ) throws -> DocumentWriteOutcome {
        try writeDocument(
            name, of: owner, body: Array(json.utf8), expecting: precondition, limit: limit, at: Fixture.date(seconds)
        )
    }
}
