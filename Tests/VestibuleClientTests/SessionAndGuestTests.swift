import Testing
import VestibuleAPI
import VestibuleClient

/// Guests, the session API, access-token audiences and hand-offs through the client, against a real
/// `vestibule serve` signed in to as a native app signs in (Sign in with Apple, through the emulator).
@Suite struct SessionAndGuestTests {
    @Test func aClaimedGuestsDocumentsBelongToTheAccountAndTheGuestIsGone() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let guest = try client.createGuest()
        try client.write("draft", ["chapter one"], expecting: .absent, for: guest)
        let session = try #require(try vestibule.signInWithApple(as: "ada@icloud.example", through: client).sessionToken)

        let claim = try client.claimGuest(token: guest.bearer, intoSession: session)
        #expect(claim == ClaimReply(moved: 1, renamed: [], replaced: 0, discarded: 0))
        #expect(try client.document("draft", as: [String].self, of: .account(token: session))?.value == ["chapter one"])
        let again = try #require(throws: VestibuleClientError.self) { try client.claimGuest(token: guest.bearer, intoSession: session) }
        #expect(again.code == .notFound)
    }

    @Test func theSessionIsReadByTokenAndByCookieUntilSignOutEndsIt() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let signedIn = try vestibule.signInWithApple(as: "ada@icloud.example", through: client)
        let session = try #require(signedIn.sessionToken)
        #expect(signedIn.redirect == "/welcome", "a new account")

        let byToken = try #require(try client.session(.token(session)))
        #expect(byToken.accountID == signedIn.accountID)
        #expect(byToken.signedInWith == "apple")
        #expect(byToken.methods == ["apple"])
        #expect(byToken.displayName == "Ada Lovelace")
        #expect(try client.session(.cookie(session)) == byToken, "the cookie holds the same session")

        try client.signOut(sessionToken: session)
        #expect(try client.session(.token(session)) == nil)
        #expect(try client.session(.cookie(session)) == nil)
        try client.signOut(sessionToken: session)
    }

    @Test func anAccessTokenForAnAudienceNoAppRegisteredIsRefused() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let session = try #require(try vestibule.signInWithApple(as: "ada@icloud.example", through: client).sessionToken)
        let error = try #require(throws: VestibuleClientError.self) {
            try client.accessToken(sessionToken: session, audience: "https://api.elsewhere.example")
        }
        #expect(error.code == .refused)
        #expect(error.apiError == .audienceNotAllowed)
    }

    @Test func aHandoffNeedsTheAppKeyLeadsToVestibuleAndRefusesAWrongCode() throws {
        let vestibule = try LiveVestibule()
        let request = HandoffRequest(returnTo: LiveVestibule.returnURL, mode: .signUp, name: "Ada", email: "ada@example.com")
        let anonymous = try #require(throws: VestibuleClientError.self) {
            try VestibuleClient(origin: vestibule.origin).startHandoff(request)
        }
        #expect(anonymous.apiError == .appKeyRequired)
        #expect(anonymous.code == .refused, "the app's configuration, not a visitor's session")

        let app = VestibuleClient(origin: vestibule.origin, appKey: vestibule.appKey).forVisitor(at: "203.0.113.7")
        let handoff = try app.startHandoff(request, bringing: try app.createGuest())
        #expect(handoff.url.hasPrefix(vestibule.origin + "/handoff/"))
        #expect(!handoff.exchangeKey.isEmpty)
        let wrong = try #require(throws: VestibuleClientError.self) {
            try app.finishHandoff(code: "not-a-code", exchangeKey: handoff.exchangeKey)
        }
        #expect(wrong.apiError == .invalidCode)

        let elsewhere = HandoffRequest(returnTo: "https://evil.example/signed-in", mode: .signIn)
        let refused = try #require(throws: VestibuleClientError.self) { try app.startHandoff(elsewhere) }
        #expect(refused.apiError == "returnToNotAllowed")
    }
}
