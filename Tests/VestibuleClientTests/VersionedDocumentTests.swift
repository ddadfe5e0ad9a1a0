import Testing
import VestibuleAPI
import VestibuleClient

/// Documents with versions against a real `vestibule serve`: every write names what it expects, and the one that
/// lost a race learns it as ``VestibuleClientError/Code/versionMismatch`` with the version stored now.
@Suite struct VersionedDocumentTests {
    struct Cart: Codable, Equatable {
        var books: [String]
    }

    @Test func aSecondCreateOfTheSameNameFailsWithVersionMismatchAndTheStoredVersion() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let guest = try client.createGuest()
        #expect(try client.write("cart", Cart(books: ["Dune"]), expecting: .absent, for: guest) == 1)

        let error = try #require(throws: VestibuleClientError.self) {
            try client.write("cart", Cart(books: ["Emma"]), expecting: .absent, for: guest)
        }
        #expect(error.code == .versionMismatch)
        #expect(error.status == 412)
        #expect(error.currentVersion == 1)
        #expect(try client.document("cart", as: Cart.self, of: guest) == StoredDocument(value: Cart(books: ["Dune"]), version: 1))
    }

    @Test func aWriteAgainstAVersionSomeoneReplacedFailsAndSucceedsOnceReadAgain() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let guest = try client.createGuest()
        try client.write("cart", Cart(books: ["Dune"]), expecting: .absent, for: guest)
        // Two tabs read version 1; the first writes.
        let first = try #require(try client.document("cart", as: Cart.self, of: guest))
        let second = first
        #expect(try client.write("cart", Cart(books: first.value.books + ["Emma"]), expecting: .version(first.version), for: guest) == 2)

        let lost = try #require(throws: VestibuleClientError.self) {
            try client.write("cart", Cart(books: second.value.books + ["Kokoro"]), expecting: .version(second.version), for: guest)
        }
        #expect(lost.code == .versionMismatch)
        #expect(lost.currentVersion == 2)

        let reread = try #require(try client.document("cart", as: Cart.self, of: guest))
        #expect(try client.write("cart", Cart(books: reread.value.books + ["Kokoro"]), expecting: .version(reread.version), for: guest) == 3)
        #expect(try client.document("cart", as: Cart.self, of: guest)?.value.books == ["Dune", "Emma", "Kokoro"])
        #expect(try client.documents(of: guest).map(\.name) == ["cart"])
    }

    @Test func deletingAnOldVersionFailsAndDeletingAGoneDocumentSaysNothingIsStored() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let guest = try client.createGuest()
        try client.write("cart", Cart(books: ["Dune"]), expecting: .absent, for: guest)
        try client.write("cart", Cart(books: ["Emma"]), expecting: .version(1), for: guest)

        let stale = try #require(throws: VestibuleClientError.self) { try client.delete("cart", version: 1, of: guest) }
        #expect(stale.code == .versionMismatch)
        #expect(stale.currentVersion == 2)
        try client.delete("cart", version: 2, of: guest)
        let gone = try #require(throws: VestibuleClientError.self) { try client.delete("cart", version: 2, of: guest) }
        #expect(gone.code == .versionMismatch)
        #expect(gone.currentVersion == nil)
        #expect(try client.document("cart", as: Cart.self, of: guest) == nil)
    }

    @Test func aDocumentNameTheAPIRefusesIsRefusedBeforeAnythingIsSent() throws {
        // Nothing listens on port 1: a request sent would fail as unreachable, not as an invalid request.
        let client = VestibuleClient(origin: "http://127.0.0.1:1")
        for name in ["", "a/b", "../cart", String(repeating: "x", count: 65), "ca rt"] {
            let error = try #require(throws: VestibuleClientError.self) {
                try client.write(name, Cart(books: []), expecting: .absent, for: .guest(token: "vg_x"))
            }
            #expect(error.code == .invalidRequest, "\(name)")
        }
    }

    @Test func aGuestTokenVestibuleDoesNotKnowIsSignInRequired() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let error = try #require(throws: VestibuleClientError.self) {
            try client.documents(of: .guest(token: "vg_unknown"))
        }
        #expect(error.code == .signInRequired)
        #expect(error.apiError == .signInRequired)
    }
}
