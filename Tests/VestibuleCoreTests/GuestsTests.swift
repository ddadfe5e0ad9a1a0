import Foundation
import Testing
import VestibuleCore

@Suite struct GuestsTests {
    let store: any Store
    let clock = TestClock()
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

    @Test func activityIsWrittenAtMostOnceAnHour() throws {
        let (guest, token) = try guests.create()
        clock.advance(by: 600)
        #expect(try guests.authenticate(token)?.lastSeenAt == guest.lastSeenAt)
        clock.advance(by: 3_000)
        #expect(try guests.authenticate(token)?.lastSeenAt == clock.now())
    }
}
