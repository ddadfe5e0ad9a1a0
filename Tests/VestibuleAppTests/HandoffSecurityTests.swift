import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleCrypto
import VestibuleHTTP
import VestibuleJSON
import VestibuleTesting

/// The hand-off and the access tokens as an attacker meets them (issue #13, findings 3, 4 and 14): only a
/// registered app starts a hand-off or exchanges its code, a signed-in person is asked before anything reaches
/// their account, and tokens are minted only for audiences an app registered.
@Suite struct HandoffSecurityTests {
    private func application() throws -> TestApplication {
        try TestApplication { $0.apps = TestApps.registry }
    }

    @Test func onlyARegisteredAppWithItsKeyCanStartAHandoff() throws {
        let app = try application()
        defer { app.application.shutdown() }
        let body = #"{"returnTo":"\#(TestApps.shopOrigin)/back","mode":"signIn"}"#
        let anonymous = try APIClient(app: app).post("/api/v1/handoffs", body)
        #expect(anonymous.status == .unauthorized && anonymous.error == "appKeyRequired")
        let forged = try APIClient(app: app, appKey: "made-up-key-0123456789-abcdefghijklmnop").post("/api/v1/handoffs", body)
        #expect(forged.status == .unauthorized && forged.error == "invalidAppKey")
        #expect(try APIClient(app: app, appKey: TestApps.shopKey).post("/api/v1/handoffs", body).status == .created)
    }

    /// The attack: someone's guest, full of their documents, is handed off to a victim who is signed in. Opening
    /// the link (a top-level GET anyone can cause) and `/continue` change nothing; a POST without the page's
    /// anti-forgery token changes nothing; "Cancel" changes nothing; only the person's own "Continue" does.
    @Test func aSignedInPersonIsAskedBeforeAHandoffTouchesTheirAccount() throws {
        let app = try application()
        defer { app.application.shutdown() }
        let (_, cookie) = try app.signIn()
        let token = String(cookie.dropFirst("vestibule_session=".count))
        let victim = APIClient(app: app, bearer: token)
        try victim.create("cart", #"["mine"]"#)
        let (attackersGuest, guestID) = try APIClient(app: app, appKey: TestApps.shopKey).newGuest()
        try attackersGuest.create("cart", #"["planted"]"#)
        try attackersGuest.create("notes", #"["planted"]"#)
        func link() throws -> String {
            let reply = try attackersGuest.post("/api/v1/handoffs", #"{"returnTo":"\#(TestApps.shopOrigin)/back","mode":"signIn"}"#)
            return try HandoffTests.path(of: try #require(reply.json["url"]?.stringValue))
        }
        let browser = FormClient(app)
        browser.adopt(cookies: ["vestibule_session": token])

        #expect(try browser.get(try link()).headers["Location"] == "/continue")
        let question = try browser.get("/continue")
        #expect(question.status == .ok, "asked, not carried on to the app")
        #expect(question.headers["Location"] == nil)
        #expect(question.text.contains("Continue to <bdi>Example Shop</bdi>?"), "the app is named")
        #expect(question.text.contains(#"<form class="stacked-form" method="post" action="/continue">"#))
        #expect(try victim.documents() == ["cart": #"["mine"]"#], "nothing moved on the GETs")

        let forged = try app.respond(
            "/continue", method: .post,
            headers: [
                "Cookie": "vestibule_session=\(token); vestibule_handoff=\(browser.cookies["vestibule_handoff"] ?? "")",
                "Content-Type": "application/x-www-form-urlencoded", "Origin": app.application.configuration.origin,
            ],
            body: "decision=continue"
        )
        #expect(forged.status == .forbidden, "no anti-forgery token, no hand-off")
        let cancelled = try browser.post("/continue", ["decision": "cancel"])
        #expect(cancelled.headers["Location"] == "/account")
        #expect(try victim.documents() == ["cart": #"["mine"]"#], "cancelled: nothing moved")
        #expect(try app.rowsHolding(guestID) > 0, "the guest is untouched")

        try browser.get(try link())
        let confirmed = try HandoffTests.confirm(browser)
        #expect(confirmed.headers["Location"]?.hasPrefix("\(TestApps.shopOrigin)/back?code=") == true)
        #expect(try victim.documents() == ["cart": #"["mine"]"#, "cart.guest": #"["planted"]"#, "notes": #"["planted"]"#])
    }

    /// A code granted to one app's hand-off is worthless to anyone else: without an app key, with another app's
    /// key, even with the right exchange key (the code is used up by the attempt).
    @Test func aHandoffCodeIsExchangedOnlyByTheAppThatAskedWithItsKey() throws {
        let app = try application()
        defer { app.application.shutdown() }
        let (_, cookie) = try app.signIn()
        let browser = FormClient(app)
        browser.adopt(cookies: ["vestibule_session": String(cookie.dropFirst("vestibule_session=".count))])
        func code() throws -> (code: String, exchangeKey: String) {
            let (url, exchangeKey) = try HandoffTests.handoff(app, mode: "signIn")
            try browser.get(try HandoffTests.path(of: url))
            return (try HandoffTests.returnCode(HandoffTests.confirm(browser)), exchangeKey)
        }

        let first = try code()
        let keyless = try HandoffTests.exchange(app, code: first.code, key: first.exchangeKey, appKey: nil)
        #expect(keyless.status == .unauthorized && keyless.error == "appKeyRequired")
        let second = try code()
        let otherApp = try HandoffTests.exchange(app, code: second.code, key: second.exchangeKey, appKey: TestApps.otherKey)
        #expect(otherApp.status == .badRequest && otherApp.error == "invalidCode")
        #expect(try HandoffTests.exchange(app, code: second.code, key: second.exchangeKey).error == "invalidCode", "used up")
        let third = try code()
        #expect(try HandoffTests.exchange(app, code: third.code, key: third.exchangeKey).status == .ok)
    }

    /// `POST /api/v1/token` signs for Vestibule itself or for an audience an app registered; an app's own call
    /// only for that app's audiences (issue #13, finding 14).
    @Test func accessTokensAreIssuedOnlyForRegisteredAudiences() throws {
        let app = try application()
        defer { app.application.shutdown() }
        let (_, cookie) = try app.signIn()
        let token = String(cookie.dropFirst("vestibule_session=".count))
        let person = APIClient(app: app, bearer: token)
        func audience(of reply: APIClient.Reply) throws -> String? {
            let jwt = try #require(reply.json["accessToken"]?.stringValue)
            let payload = try Base64URL.decode(String(jwt.split(separator: ".")[1]))
            return JSONValue(parsing: payload)?["aud"]?.stringValue
        }

        #expect(try audience(of: person.post("/api/v1/token")) == app.application.configuration.origin)
        #expect(try audience(of: person.post("/api/v1/token", #"{"audience":"https://api.shop.example.com"}"#)) == "https://api.shop.example.com")
        for unregistered in ["https://bank.example.com", "https://api.shop.example.com/", "*"] {
            let refused = try person.post("/api/v1/token", #"{"audience":"\#(unregistered)"}"#)
            #expect(refused.status == .badRequest && refused.error == "audienceNotAllowed", "\(unregistered)")
        }
        let shopsServer = APIClient(app: app, bearer: token, appKey: TestApps.shopKey)
        #expect(try shopsServer.post("/api/v1/token", #"{"audience":"https://api.shop.example.com"}"#).status == .ok)
        let othersAudience = try shopsServer.post("/api/v1/token", #"{"audience":"https://api.forum.example.com"}"#)
        #expect(othersAudience.error == "audienceNotAllowed", "the shop may not mint tokens for the forum's API")
    }
}
