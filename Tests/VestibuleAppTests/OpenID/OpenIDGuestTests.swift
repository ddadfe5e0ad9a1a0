import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCore
import VestibuleCrypto
import VestibuleHTTP

/// An app brings its guest along an OpenID Connect sign-in (`docs/oidc.md`, "Guests"): its server turns the guest's
/// token into a one-time ticket, the authorization request carries the ticket, and the guest's documents move to
/// the account of whoever signs in while the request waits. Someone signed in before is asked first.
@Suite struct OpenIDGuestTests {
    /// The portal, first party (no consent page of its own), keeping both copies of a document in a merge.
    private static func application() throws -> TestApplication {
        try TestApplication { $0.apps = AppRegistry([OpenIDRelyingParty.app(firstParty: true)]) }
    }

    /// A guest of the portal with a cart, and a ticket for it.
    private static func guestWithTicket(_ app: TestApplication) throws -> (guest: APIClient, guestID: String, ticket: String) {
        let (guest, guestID) = try APIClient(app: app, appKey: OpenIDRelyingParty.key).newGuest()
        #expect(try guest.put("cart", #"{"books":["Dune"]}"#).status == .created)
        let reply = try guest.post("/api/v1/guests/ticket")
        #expect(reply.status == .created)
        #expect(reply.json["expiresIn"]?.intValue == 600)
        return (guest, guestID, try #require(reply.json["ticket"]?.stringValue))
    }

    @Test func theGuestsCartMovesToTheAccountMadeDuringTheRequest() throws {
        let app = try Self.application()
        defer { app.application.shutdown() }
        let (guest, guestID, ticket) = try Self.guestWithTicket(app)
        let browser = FormClient(app)
        let party = OpenIDRelyingParty(app: app)
        #expect(try browser.get(party.authorizationPath(["vestibule_guest_ticket": ticket])).headers["Location"] == "/sign-in")
        try browser.createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")
        let back = try browser.get("/continue")
        let code = try #require(OpenIDRelyingParty.callbackParameters(back.headers["Location"])?["code"])
        let accessToken = try #require(try party.redeem(code).json["access_token"]?.stringValue)
        let subject = try #require(try party.userInfo(accessToken).json["sub"]?.stringValue)

        #expect(try guest.get("/api/v1/documents").status == .unauthorized, "the guest is gone")
        #expect(try app.rowsHolding(guestID) == 0)
        let documents = try app.withStore { try $0.documents(of: .account(AccountID(rawValue: subject))) }
        #expect(documents.map(\.name.rawValue) == ["cart"], "the cart is the account's now")
    }

    @Test func someoneSignedInBeforeIsAskedAndOnlyAllowMovesTheGuest() throws {
        let app = try Self.application()
        defer { app.application.shutdown() }
        let browser = FormClient(app)
        try browser.createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")
        let party = OpenIDRelyingParty(app: app)

        let (guest, _, ticket) = try Self.guestWithTicket(app)
        #expect(try browser.get(party.authorizationPath(["vestibule_guest_ticket": ticket])).headers["Location"] == "/oidc/consent",
                "a first-party app too: a link anyone can send must not pour a guest into an account")
        #expect(try browser.get("/oidc/consent").text.contains("data-guest-data"))
        let denied = try browser.post("/oidc/consent", ["decision": "deny"])
        #expect(OpenIDRelyingParty.callbackParameters(denied.headers["Location"])?["error"] == "access_denied")
        #expect(try guest.get("/api/v1/documents").status == .ok, "the guest keeps its cart")

        let (_, _, second) = try Self.guestWithTicket(app)
        try browser.get(party.authorizationPath(["vestibule_guest_ticket": second]))
        try browser.get("/oidc/consent")
        let allowed = try browser.post("/oidc/consent", ["decision": "allow"])
        #expect(OpenIDRelyingParty.callbackParameters(allowed.headers["Location"])?["code"] != nil)
    }

    /// SIWA-6: what the app knew of its guest (a purchase's name and email) goes server to server with the ticket,
    /// never in a URL, and fills the sign-up page that `prompt=create` opens, or the sign-in page's email.
    @Test func theTicketsNameAndEmailFillTheSignUpPageThatPromptCreateOpens() throws {
        let app = try Self.application()
        defer { app.application.shutdown() }
        let (guest, _) = try APIClient(app: app, appKey: OpenIDRelyingParty.key).newGuest()
        let party = OpenIDRelyingParty(app: app)
        for (prompt, page) in [("create", "/sign-up"), ("", "/sign-in")] {
            let reply = try guest.post("/api/v1/guests/ticket", #"{"name": " Ada Lovelace ", "email": "ada@example.com"}"#)
            let ticket = try #require(reply.json["ticket"]?.stringValue)
            let browser = FormClient(app)
            let opened = try browser.get(party.authorizationPath(["vestibule_guest_ticket": ticket, "prompt": prompt]))
            #expect(opened.headers["Location"] == page)
            let form = try browser.get(page).text
            #expect(form.contains("value=\"ada@example.com\""), "\(page)")
            if page == "/sign-up" { #expect(form.contains("value=\"Ada Lovelace\"")) }
        }
        #expect(try guest.post("/api/v1/guests/ticket", #"{"email": "not an address"}"#).status == .badRequest)
        #expect(try guest.post("/api/v1/guests/ticket", #"{"name": "\#(String(repeating: "x", count: 65))"}"#).status == .badRequest)
    }

    @Test func aTicketWorksOnceAndOnlyForTheAppWhoseGuestItIs() throws {
        let otherKey = SecureRandom.token()
        let other = RegisteredApp(
            id: "other", name: "Other", keyDigest: SHA2.sha256(otherKey), returnURLs: [],
            openID: OpenIDClientSettings(redirectURIs: [OpenIDRelyingParty.redirectURI], isFirstParty: true)
        )
        let app = try TestApplication { $0.apps = AppRegistry([OpenIDRelyingParty.app(firstParty: true), other]) }
        defer { app.application.shutdown() }
        let party = OpenIDRelyingParty(app: app)
        let (_, _, ticket) = try Self.guestWithTicket(app)
        try FormClient(app).get(party.authorizationPath(["vestibule_guest_ticket": ticket]))
        let reused = try FormClient(app).get(party.authorizationPath(["vestibule_guest_ticket": ticket]))
        #expect(OpenIDRelyingParty.callbackParameters(reused.headers["Location"])?["error"] == "invalid_request")

        let (_, _, portalTicket) = try Self.guestWithTicket(app)
        let elsewhere = try FormClient(app).get(party.authorizationPath(["client_id": "other", "vestibule_guest_ticket": portalTicket]))
        #expect(OpenIDRelyingParty.callbackParameters(elsewhere.headers["Location"])?["error"] == "invalid_request")
    }

    @Test func onlyAnOpenIDAppsServerWithItsGuestGetsATicket() throws {
        let app = try TestApplication {
            $0.apps = AppRegistry([OpenIDRelyingParty.app(firstParty: true), TestApps.shop])
        }
        defer { app.application.shutdown() }
        let (guest, _) = try APIClient(app: app).newGuest()
        #expect(try guest.post("/api/v1/guests/ticket").error == "appKeyRequired")
        var shop = guest
        shop.appKey = TestApps.shopKey
        #expect(try shop.post("/api/v1/guests/ticket").error == "notAnOpenIDClient")
        #expect(try APIClient(app: app, appKey: OpenIDRelyingParty.key).post("/api/v1/guests/ticket").status == .unauthorized)
    }
}
