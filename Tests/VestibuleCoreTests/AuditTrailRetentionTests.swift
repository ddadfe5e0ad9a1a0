import Foundation
import Testing
import VestibuleCore
import VestibuleTesting

@Suite struct AuditTrailRetentionTests {
    @Test func anEventIsKeptForTheRetentionPeriodAndPrunedAfterIt() throws {
        let store = try makeTestStore()
        let clock = TestClock(startingAt: TestClock.fixedStart)
        let trail = AuditTrail(store: store, retention: 90 * 86_400, clock: clock.now)
        let account = try makeAccount(in: store, at: clock.now()).id
        try trail.record(.signIn, account: account, method: .apple, source: .none)
        clock.advance(by: 86_400)
        try trail.record(.passkeyAdded, account: account, method: .passkey, detail: "iPhone", source: .none)

        clock.advance(by: 89 * 86_400)
        #expect(try trail.prune() == 0, "90 days to the millisecond: still kept")
        clock.advance(by: 1)
        #expect(try trail.prune() == 1)
        #expect(try trail.events(of: account, limit: 10).map(\.kind) == [.passkeyAdded])
        #expect(trail.retentionDays == 90)
    }

    @Test func aLongUserAgentIsCutAndNothingElseIsChanged() {
        let event = AuditEvent(
            occurredAt: TestClock.fixedStart, kind: .signIn, accountID: nil, userAgent: String(repeating: "M", count: 5000)
        )
        #expect(event.userAgent?.count == AuditEvent.maximumUserAgentLength)
    }
}
