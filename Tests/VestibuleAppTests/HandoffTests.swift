import Foundation
import Testing
import VestibuleApp
import VestibuleCore
import VestibuleHTTP
import VestibuleJSON

/// The hand-off from an app on another origin (SIWA-6, SIWA-3, AUTH-1): its server asks, the browser signs in
/// or up at Vestibule by any method, the guest's documents move to the account, and the app's server turns the
/// one-time code the browser brings back into a session of its own.
@Suite struct HandoffTests {
    static let shop = "http://localhost:8090"

    @Test func aGuestSignsUpWithAPasswordOnThePrefilledPageAndTheAppGetsASessionWithItsCart() throws {
        let app = try TestApplication { $0.appOrigins = [Self.shop] }
        defer { app.application.shutdown() }
        let (guest, guestID) = try APIClient(app: app).newGuest()
        try guest.create("cart", #"{"books":["Dune"]}"#)
        let handoff = try guest.post(
            "/api/v1/handoffs",
            #"{"returnTo":"\#(Self.shop)/signed-in?lang=ja","mode":"signUp","name":"Ada Lovelace","email":"Ada@Example.com"}"#
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
        #expect(page.contains(#"value="Ada Lovelace""#))
        #expect(page.contains(#"value="ada@example.com""#))
        try browser.post("/sign-up", ["email": "ada@example.com", "password": "correct horse battery staple"])
        let code = try app.waitForCode(to: "ada@example.com")
        try browser.get("/verify-email?email=ada@example.com")
        try browser.post("/verify-email", ["email": "ada@example.com", "code": code])
        // Claimed at sign-in: the guest is gone, its token dead.
        #expect(try guest.get("/api/v1/documents").status == .unauthorized)
        #expect(try app.rowsHolding(guestID) == 0)

        // After the welcome, on to the shop with a one-time code.
        let back = try browser.get("/continue")
        let location = try #require(back.headers["Location"])
        #expect(location.hasPrefix("\(Self.shop)/signed-in?lang=ja&code="))
        let returnCode = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value)
        #expect(try browser.get("/continue").headers["Location"] == "/account", "the hand-off is over")

        let exchange = try APIClient(app: app).post(
            "/api/v1/handoffs/exchange", #"{"code":"\#(returnCode)","exchangeKey":"\#(exchangeKey)"}"#
        )
        #expect(exchange.status == .ok)
        #expect(exchange.json["signedInWith"] == "password")
        let session = APIClient(app: app, bearer: try #require(exchange.json["sessionToken"]?.stringValue))
        let introspection = try session.get("/api/v1/session").json
        #expect(introspection["accountID"] == exchange.json["accountID"])
        #expect(introspection["email"] == "ada@example.com")
        #expect(try session.documents() == ["cart": #"{"books":["Dune"]}"#], "the cart survived sign-up")

        let replay = try APIClient(app: app).post(
            "/api/v1/handoffs/exchange", #"{"code":"\#(returnCode)","exchangeKey":"\#(exchangeKey)"}"#
        )
        #expect(replay.status == .badRequest && replay.error == "invalidCode", "the code works once")
        #expect(try session.call(.delete, "/api/v1/session").status == .noContent, "the shop's sign-out")
        #expect(try session.get("/api/v1/session").status == .unauthorized)
    }

    /// The path of a URL on Vestibule's origin, for in-process requests.
    static func path(of url: String) throws -> String {
        try #require(URLComponents(string: url)?.path)
    }
}
