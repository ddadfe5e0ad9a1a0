import Foundation
import Testing
import VestibuleCore

/// Who may change how an account signs in, or delete it: the person, signed in within the last ten minutes.
@Suite struct SessionAccountManagementTests {
    private let signedIn = Date(timeIntervalSince1970: 1_800_000_000)

    private func session(appID: String? = nil) -> Session {
        Session(
            accountID: AccountID(rawValue: "account"), tokenHash: [], method: .passkey, createdAt: signedIn,
            lastSeenAt: signedIn, expiresAt: signedIn.addingTimeInterval(86_400), userAgent: "Safari", appID: appID
        )
    }

    @Test func aSignInFromTheLastTenMinutesMayManageTheAccountAndAnOlderOneMayNot() {
        #expect(session().mayManageAccount(at: signedIn.addingTimeInterval(600)))
        #expect(!session().mayManageAccount(at: signedIn.addingTimeInterval(601)))
    }

    @Test func aSessionMadeForAnAppNeverMayHoweverRecent() {
        #expect(!session(appID: "bookstore").mayManageAccount(at: signedIn))
    }
}
