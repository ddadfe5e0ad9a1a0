import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleHTTP
import VestibuleJSON
import VestibuleTesting

/// The hand-off from an app on another origin (SIWA-6, SIWA-3, AUTH-1): its server asks, the browser signs in
/// or up at Vestibule by any method, the guest's documents move to the account, and the app's server turns the
/// one-time code the browser brings back into a session of its own.
@Suite struct HandoffTests {
    static let shop = TestApps.shopOrigin

    @Test func aGuestSignsUpWithAPasswordOnThePrefilledPageAndTheAppGetsASessionWithItsCart() throws {
        let app = try TestApplication { $0.apps = TestApps.registry }
        defer { app.application.shutdown() }
        let (guest, guestID) = try APIClient(app: app, appKey: TestApps.shopKey).newGuest()
        try guest.create("cart", #"{"books":["Dune"]}"#)
        let handoff = try guest.post(
            "/api/v1/handoffs",
            #"{"returnTo":"\#(Self.shop)/signed-in","mode":"signUp","name":"Ada Lovelace","email":"Ada@Example.com"}"#
        )
        #expect(handoff.status == .created)
        let url = try #require(handoff.json["url"]?.stringValue)
        let exchangeKey = try #require(handoff.json["exchangeKey"]?.stringValue)
        #expect(url.hasPrefix("\(app.application.configuration.origin)/handoff/"))

        // The browser: the link leads to the sign-up page, prefilled with what the shop knew (SIWA-6).
        let browser = FormClient(app)
        let opened = try browser.get(Self.path(of: url))
        #expect(opened.headers["Location"] == "/sign-up")
        let page = try browser.get("/sign-up").text
        #expect(page.contains("Create an account to continue to <bdi>Example Shop</bdi>."), "the page names the app")
        #expect(page.contains(#"value="Ada Lovelace""#))
        #expect(page.contains(#"value="ada@example.com""#))
        try browser.post("/sign-up", ["email": "ada@example.com", "password": "correct horse battery staple"])
        let code = try app.waitForCode(to: "ada@example.com")
        try browser.get("/verify-email")
        try browser.post("/verify-email", ["email": "ada@example.com", "code": code])
        // Claimed at sign-in: the guest is gone, its token dead.
        #expect(try guest.get("/api/v1/documents").status == .unauthorized)
        #expect(try app.rowsHolding(guestID) == 0)

        // After the welcome, on to the shop with a one-time code.
        let back = try browser.get("/continue")
        let location = try #require(back.headers["Location"])
        #expect(location.hasPrefix("\(Self.shop)/signed-in?code="))
        let returnCode = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value)
        #expect(try browser.get("/continue").headers["Location"] == "/account", "the hand-off is over")

        let exchange = try Self.exchange(app, code: returnCode, key: exchangeKey)
        #expect(exchange.status == .ok)
        #expect(exchange.json["signedInWith"] == "password")
        let session = APIClient(app: app, bearer: try #require(exchange.json["sessionToken"]?.stringValue))
        let introspection = try session.get("/api/v1/session").json
        #expect(introspection["accountID"] == exchange.json["accountID"])
        #expect(introspection["email"] == "ada@example.com")
        #expect(try session.documents() == ["cart": #"{"books":["Dune"]}"#], "the cart survived sign-up")

        let replay = try Self.exchange(app, code: returnCode, key: exchangeKey)
        #expect(replay.status == .badRequest && replay.error == "invalidCode", "the code works once")
        #expect(try session.call(.delete, "/api/v1/session").status == .noContent, "the shop's sign-out")
        #expect(try session.get("/api/v1/session").status == .unauthorized)
    }

    /// A hand-off returns only to one of the asking app's registered addresses, exactly: not another path on
    /// its origin, not another app's address, not Vestibule itself (issue #13, finding 4).
    @Test func aHandoffReturnsOnlyToTheAskingAppsExactRegisteredAddresses() throws {
        let app = try TestApplication { $0.apps = TestApps.registry }
        defer { app.application.shutdown() }
        let server = APIClient(app: app, appKey: TestApps.shopKey)
        for returnTo in [
            "https://evil.example/signed-in", "http://localhost:8091/signed-in", "https://localhost:8090/signed-in",
            "/signed-in", "javascript:alert(1)", "http://user:pass@localhost:8090/signed-in", "localhost:8090",
            app.application.configuration.origin + "/account", "\(Self.shop)/orders/7", "\(Self.shop)/signed-in?next=/x",
            "\(Self.shop)/signed-in/", "\(Self.shop)/", "https://SHOP.example.com/signed-in", "https://forum.example.com/back",
        ] {
            let refused = try server.post("/api/v1/handoffs", #"{"returnTo":"\#(returnTo)","mode":"signIn"}"#)
            #expect(refused.status == .badRequest, "\(returnTo)")
            #expect(refused.error == "returnToNotAllowed", "\(returnTo)")
        }
        for returnTo in TestApps.shop.returnURLs {
            #expect(try server.post("/api/v1/handoffs", #"{"returnTo":"\#(returnTo)","mode":"signIn"}"#).status == .created)
        }
        for body in [
            #"{"returnTo":"\#(Self.shop)/back","mode":"later"}"#,
            #"{"returnTo":"\#(Self.shop)/back","mode":"signUp","email":"not an address"}"#,
            #"{"returnTo":"\#(Self.shop)/back","mode":"signUp","name":"\#(String(repeating: "a", count: 65))"}"#,
        ] {
            #expect(try server.post("/api/v1/handoffs", body).error == "invalidRequest", "\(body)")
        }
        let deadGuest = try APIClient(app: app, bearer: "vg_gone", appKey: TestApps.shopKey)
            .post("/api/v1/handoffs", #"{"returnTo":"\#(Self.shop)/back","mode":"signIn"}"#)
        #expect(deadGuest.status == .unauthorized, "a guest token that proves no guest is refused, not dropped")
    }

    /// The link works once, in the browser that opened it; the code works once, within two minutes, and only
    /// with the exchange key of the app that asked.
    @Test func theLinkAndTheCodeWorkOnceAndTheCodeOnlyWithItsExchangeKeyWithinTwoMinutes() throws {
        let clock = TestClock()
        let app = try TestApplication(clock: clock) { $0.apps = TestApps.registry }
        defer { app.application.shutdown() }
        let (_, cookie) = try app.signIn()
        let browser = FormClient(app)
        browser.adopt(cookies: ["vestibule_session": String(cookie.dropFirst("vestibule_session=".count))])

        let (url, key) = try Self.handoff(app, mode: "signIn")
        #expect(try browser.get(Self.path(of: url)).headers["Location"] == "/continue")
        let stranger = FormClient(app)
        let reused = try stranger.get(Self.path(of: url))
        #expect(reused.headers["Location"] == "/sign-in?notice=handoff-expired")
        #expect(try stranger.get("/sign-in?notice=handoff-expired").text.contains("That link from the app has expired"))

        let wrongKey = try Self.exchange(app, code: try Self.returnCode(Self.confirm(browser)), key: "not-the-key")
        #expect(wrongKey.status == .badRequest && wrongKey.error == "invalidCode")

        let (second, secondKey) = try Self.handoff(app, mode: "signIn")
        try browser.get(Self.path(of: second))
        let code = try Self.returnCode(Self.confirm(browser))
        #expect(try Self.exchange(app, code: code, key: key).error == "invalidCode", "another hand-off's key")
        #expect(try Self.exchange(app, code: code, key: secondKey).error == "invalidCode", "used up by the wrong key")

        let (third, thirdKey) = try Self.handoff(app, mode: "signIn")
        try browser.get(Self.path(of: third))
        let late = try Self.returnCode(Self.confirm(browser))
        clock.advance(by: 121)
        #expect(try Self.exchange(app, code: late, key: thirdKey).error == "invalidCode", "two minutes at most")
    }

    /// A person signed in already goes back to the app once they confirm, and the guest moves into their
    /// account by the app's registered merge rule, whatever the request asked (issue #13, finding 3).
    @Test func aVisitorSignedInAlreadyConfirmsAndTheGuestMergesByTheAppsRule() throws {
        let app = try TestApplication { $0.apps = TestApps.registry }
        defer { app.application.shutdown() }
        let (account, cookie) = try app.signIn()
        let mine = APIClient(app: app, bearer: String(cookie.dropFirst("vestibule_session=".count)))
        try mine.create("cart", "[0]")
        let (guest, _) = try APIClient(app: app, appKey: TestApps.shopKey).newGuest()
        try guest.create("cart", "[1]")
        let handoff = try guest.post("/api/v1/handoffs", #"{"returnTo":"\#(Self.shop)/back","mode":"signUp","merge":"preferGuest"}"#)
        let browser = FormClient(app)
        browser.adopt(cookies: ["vestibule_session": String(cookie.dropFirst("vestibule_session=".count))])

        #expect(try browser.get(Self.path(of: try #require(handoff.json["url"]?.stringValue))).headers["Location"] == "/continue")
        let code = try Self.returnCode(Self.confirm(browser))
        let exchange = try Self.exchange(app, code: code, key: try #require(handoff.json["exchangeKey"]?.stringValue))
        #expect(exchange.json["accountID"]?.stringValue == account.id.rawValue)
        #expect(exchange.json["signedInWith"] == "apple", "the method of the session the person has")
        let session = APIClient(app: app, bearer: exchange.json["sessionToken"]?.stringValue)
        #expect(try session.documents() == ["cart": "[0]", "cart.guest": "[1]"], "keepBoth, the shop's rule")
    }

    @Test func continueLeadsToTheAccountWithoutAHandoffAndToSignInWhenSignedOut() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        #expect(try app.respond("/continue").headers["Location"] == "/sign-in")
        let (_, cookie) = try app.signIn()
        #expect(try app.respond("/continue", headers: ["Cookie": cookie]).headers["Location"] == "/account")
        let forged = try app.respond("/continue", headers: ["Cookie": "\(cookie); vestibule_handoff=made-up"])
        #expect(forged.headers["Location"] == "/account")
    }

    /// SIWA-6 for people with an account: the sign-in page has the email the app gave, and names the app;
    /// without a hand-off it names none.
    @Test func theSignInPageOfAHandoffNamesTheAppAndHasTheEmailItGave() throws {
        let app = try TestApplication { $0.apps = TestApps.registry }
        defer { app.application.shutdown() }
        let (url, _) = try Self.handoff(app, mode: "signIn", email: "grace@example.com")
        let browser = FormClient(app)
        #expect(try browser.get(Self.path(of: url)).headers["Location"] == "/sign-in")
        let page = try browser.get("/sign-in").text
        #expect(page.contains(#"value="grace@example.com""#))
        #expect(page.contains("Sign in to continue to <bdi>Example Shop</bdi>."))
        #expect(try !FormClient(app).get("/sign-in").text.contains("data-continuing-to"))
    }

    /// The path of a URL on Vestibule's origin, for in-process requests.
    static func path(of url: String) throws -> String {
        try #require(URLComponents(string: url)?.path)
    }

    /// A hand-off without a guest, as the shop's server asks for it: its URL and exchange key.
    static func handoff(_ app: TestApplication, mode: String, email: String? = nil) throws -> (url: String, key: String) {
        let email = email.map { #","email":"\#($0)""# } ?? ""
        let reply = try APIClient(app: app, appKey: TestApps.shopKey)
            .post("/api/v1/handoffs", #"{"returnTo":"\#(shop)/back","mode":"\#(mode)"\#(email)}"#)
        guard let url = reply.json["url"]?.stringValue, let key = reply.json["exchangeKey"]?.stringValue else {
            throw TestFailure("POST /api/v1/handoffs answered \(reply.status.code): \(reply.response.text)")
        }
        return (url, key)
    }

    /// The one-time code in `/continue`'s redirect back to the app.
    static func returnCode(_ response: Response) throws -> String {
        let location = try #require(response.headers["Location"])
        return try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value, "\(location)")
    }

    /// The shop's server (or, with `appKey`, another's) exchanging a code.
    static func exchange(
        _ app: TestApplication, code: String, key: String, appKey: String? = TestApps.shopKey
    ) throws -> APIClient.Reply {
        try APIClient(app: app, appKey: appKey)
            .post("/api/v1/handoffs/exchange", #"{"code":"\#(code)","exchangeKey":"\#(key)"}"#)
    }

    /// A signed-in person's "Continue" on the question `/continue` asks: the redirect back to the app.
    @discardableResult
    static func confirm(_ browser: FormClient) throws -> Response {
        let question = try browser.get("/continue")
        guard question.status == .ok else { throw TestFailure("/continue asked nothing: \(question.status.code)") }
        return try browser.post("/continue", ["decision": "continue"])
    }
}
