import Foundation
import Testing
import VestibuleCore
import VestibuleTesting

@Suite struct GuestsTests {
    let store: any Store
    let clock = TestClock(startingAt: TestClock.fixedStart)
    let guests: Guests

    init() throws {
        store = try makeTestStore()
        guests = Guests(store: store, clock: clock.now)
    }

    @Test func aGuestTokenIsAVgSecretOfWhichOnlyTheHashIsStored() throws {
        let (guest, token) = try guests.create()
        #expect(token.value.hasPrefix("vg_") && token.value.count == 46)
        #expect(guest.tokenHash == token.hash)
        #expect(try guests.authenticate(token)?.id == guest.id)
        #expect(GuestToken(presented: "sess-token") == nil, "a bearer token says which kind it is")
        #expect(try guests.authenticate(try #require(GuestToken(presented: "vg_" + token.value.dropFirst(3).reversed()))) == nil)
    }

    @Test func aGuestUnseenForThirtyDaysIsRefusedAtOnceAndPurged() throws {
        let (kept, keptToken) = try guests.create()
        let (_, lapsedToken) = try guests.create()
        clock.advance(by: 29 * 86_400)
        #expect(try guests.authenticate(keptToken)?.lastSeenAt == clock.now(), "use moves the last activity forward")
        clock.advance(by: 86_400 + 1)
        #expect(try guests.authenticate(lapsedToken) == nil)
        #expect(try guests.purgeInactive() == 1)
        #expect(try store.guest(tokenHash: keptToken.hash)?.id == kept.id)
    }

    /// Guests made in a burst that saved documents and were never used again hold storage for nobody: they go
    /// after two days. A guest without documents, or one used again after its first hour, keeps the 30 days.
    @Test func aGuestThatSavedDocumentsButNeverCameBackIsDeletedAfterTwoDays() throws {
        let (abandoned, _) = try guests.create()
        try save(for: abandoned)
        let (empty, _) = try guests.create()
        let (returning, returningToken) = try guests.create()
        try save(for: returning)
        clock.advance(by: 2 * 3_600)
        #expect(try guests.authenticate(returningToken) != nil)
        clock.advance(by: 2 * 86_400)

        #expect(try guests.purgeInactive() == 1)
        #expect(try store.guest(tokenHash: abandoned.tokenHash) == nil)
        #expect(try store.documents(of: .guest(abandoned.id)).isEmpty)
        #expect(try store.guest(tokenHash: empty.tokenHash) != nil)
        #expect(try store.guest(tokenHash: returning.tokenHash) != nil)
    }

    private func save(for guest: Guest) throws {
        _ = try store.writeDocument(
            try #require(DocumentName(rawValue: "cart")), of: .guest(guest.id), body: Array("[]".utf8),
            expecting: .absent, limit: 100, at: clock.now()
        )
    }

    @Test func activityIsWrittenAtMostOnceAnHour() throws {
        let (guest, token) = try guests.create()
        clock.advance(by: 600)
        #expect(try guests.authenticate(token)?.lastSeenAt == guest.lastSeenAt)
        clock.advance(by: 3_000)
        #expect(try guests.authenticate(token)?.lastSeenAt == clock.now())
    }
}
