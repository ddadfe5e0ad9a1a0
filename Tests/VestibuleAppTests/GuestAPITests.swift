import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleHTTP
import VestibuleJSON
import VestibuleTesting

/// Guests and their documents through the JSON API (SIWA-3, AUTH-1, AUTH-3): an app keeps a visitor's data
/// before any sign-in, with versions for optimistic concurrency, and a native app claims it into the account.
@Suite struct GuestAPITests {
    @Test func anAppGetsAGuestWithoutAnySignInAndOnlyTheTokensHashIsStored() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let reply = try APIClient(app: app).post("/api/v1/guests", "")
        #expect(reply.status == .created)
        let token = try #require(reply.json["guestToken"]?.stringValue)
        let id = try #require(reply.json["guestID"]?.stringValue)
        #expect(token.hasPrefix("vg_") && token.count == 46, "vg_ and 256 random bits")
        #expect(reply.response.headers["Cache-Control"] == "no-store")
        #expect(try app.rowsHolding(id) == 1, "the guest is stored")
        #expect(try app.rowsHolding(token) == 0, "its token is not, only its hash")
        #expect(try APIClient(app: app, bearer: token).get("/api/v1/documents").json == ["documents": []])
    }

    @Test func everyWriteStatesItsPreconditionAndVersionsGrowByOne() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (guest, _) = try APIClient(app: app).newGuest()

        let unconditional = try guest.call(.put, "/api/v1/documents/cart", #"{"items":[]}"#)
        #expect(unconditional.status.code == 428)
        #expect(unconditional.error == "preconditionRequired")
        let created = try guest.put("cart", #"{"items":[]}"#)
        #expect(created.status == .created)
        #expect(created.json == ["name": "cart", "version": 1])
        #expect(created.response.headers["ETag"] == #""1""#)
        let again = try guest.put("cart", "[]")
        #expect(again.status.code == 412)
        #expect(again.json["error"] == "versionMismatch" && again.json["currentVersion"] == 1)

        let replaced = try guest.put("cart", #"{"items":["Dune"]}"#, version: 1)
        #expect(replaced.status == .ok)
        #expect(replaced.json == ["name": "cart", "version": 2])
        let stale = try guest.put("cart", "[]", version: 1)
        #expect(stale.status.code == 412 && stale.json["currentVersion"] == 2)
        let missing = try guest.put("wishlist", "[]", version: 1)
        #expect(missing.status.code == 412 && missing.json["currentVersion"] == .null)
        #expect(missing.response.text.contains(#""currentVersion":null"#))

        let read = try guest.get("/api/v1/documents/cart")
        #expect(read.response.text == #"{"items":["Dune"]}"#, "the body exactly as written")
        #expect(read.response.headers["ETag"] == #""2""#)
        #expect(read.response.headers["Content-Type"] == "application/json")
        let list = try guest.get("/api/v1/documents").json["documents"]?[0]
        #expect(list?["name"] == "cart" && list?["version"] == 2 && list?["size"] == 18)
        #expect(list?["updatedAt"]?.stringValue.flatMap { try? Date.ISO8601FormatStyle().parse($0) } != nil)

        #expect(try guest.call(.delete, "/api/v1/documents/cart").status.code == 428)
        #expect(try guest.call(.delete, "/api/v1/documents/cart", headers: ["If-Match": #""1""#]).status.code == 412)
        #expect(try guest.call(.delete, "/api/v1/documents/cart", headers: ["If-Match": #""2""#]).status == .noContent)
        let gone = try guest.get("/api/v1/documents/cart")
        #expect(gone.status == .notFound && gone.error == "notFound")
    }

    @Test func writesAreRefusedWhenTooLargeTooManyNotJSONOrBadlyNamed() throws {
        let app = try TestApplication {
            $0.documentMaxBytes = 64
            $0.documentsPerOwner = 2
        }
        defer { app.application.shutdown() }
        let (guest, _) = try APIClient(app: app).newGuest()

        let large = try guest.put("cart", "\"\(String(repeating: "x", count: 63))\"")
        #expect(large.status == .contentTooLarge && large.error == "tooLarge")
        let notJSON = try guest.put("cart", "{items: []}")
        #expect(notJSON.status == .badRequest && notJSON.error == "invalidRequest")
        #expect(notJSON.json["message"] == "A document must be JSON.")
        let badName = try guest.put("my%20cart", "[]")
        #expect(badName.status == .badRequest && badName.error == "invalidName")
        let long = try guest.put(String(repeating: "n", count: 65), "[]")
        #expect(long.error == "invalidName")
        let both = try guest.call(HTTPMethod.put, "/api/v1/documents/cart", "[]", headers: ["If-None-Match": "*", "If-Match": #""1""#])
        #expect(both.status == .badRequest)
        let empty = try guest.call(HTTPMethod.put, "/api/v1/documents/cart", String?.none, headers: ["If-None-Match": "*"])
        #expect(empty.status == .badRequest, "an empty body is not JSON")

        #expect(try guest.put("a", "1").status == .created)
        #expect(try guest.put("b", "\"\(String(repeating: "x", count: 62))\"").status == .created, "64 bytes fit")
        let third = try guest.put("c", "1")
        #expect(third.status == .conflict && third.error == "tooManyDocuments")
        #expect(try guest.put("a", "2", version: 1).status == .ok, "replacing is not adding")
    }

    @Test func withoutALiveGuestOrSessionDocumentsAnswer401() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        for bearer in [nil, "vg_unknown", "not-a-session"] {
            let reply = try APIClient(app: app, bearer: bearer).get("/api/v1/documents")
            #expect(reply.status == .unauthorized, "\(bearer ?? "none")")
            #expect(reply.error == "signInRequired")
        }
    }

    @Test func anAccountsDocumentsAreTheSameByBearerTokenAndByCookieWhoseWritesNeedTheCSRFToken() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (_, cookie) = try app.signIn()
        let token = String(cookie.dropFirst("vestibule_session=".count))
        let csrf = try #require(csrfToken(in: try app.respond("/account", headers: ["Cookie": cookie]).text))
        let write: HTTPHeaders = ["Cookie": cookie, "If-None-Match": "*", "Origin": app.application.configuration.origin]

        let forged = try APIClient(app: app).call(.put, "/api/v1/documents/prefs", "{}", headers: write)
        #expect(forged.status == .forbidden && forged.error == "csrf")
        var withToken = write
        withToken.replace("X-CSRF-Token", csrf)
        #expect(try APIClient(app: app).call(.put, "/api/v1/documents/prefs", #"{"theme":"dark"}"#, headers: withToken).status == .created)
        let crossSite = try APIClient(app: app).call(
            .put, "/api/v1/documents/other", "{}", headers: ["Cookie": cookie, "If-None-Match": "*", "X-CSRF-Token": csrf, "Origin": "https://evil.example"]
        )
        #expect(crossSite.status == .forbidden)

        // A read needs no token; the bearer sees the same documents.
        let read = try APIClient(app: app).call(.get, "/api/v1/documents/prefs", headers: ["Cookie": cookie])
        #expect(read.response.text == #"{"theme":"dark"}"#)
        #expect(try APIClient(app: app, bearer: token).documents() == ["prefs": #"{"theme":"dark"}"#])
        let deleted = try APIClient(app: app).call(.delete, "/api/v1/documents/prefs", headers: ["Cookie": cookie, "If-Match": #""1""#])
        #expect(deleted.status == .forbidden, "a deletion by cookie needs the token too")
    }

    /// A native app claims its guest once its person has signed in, by the rule it chooses: the account had
    /// `cart`, the guest has `cart` (written later) and `wishlist`.
    @Test(arguments: [
        ("keepBoth", #"{"discarded":0,"moved":1,"renamed":["cart.guest"],"replaced":0}"#, ["cart": "\"account\"", "cart.guest": "\"guest\""]),
        ("preferAccount", #"{"discarded":1,"moved":1,"renamed":[],"replaced":0}"#, ["cart": "\"account\""]),
        ("preferGuest", #"{"discarded":0,"moved":1,"renamed":[],"replaced":1}"#, ["cart": "\"guest\""]),
        ("lastWriter", #"{"discarded":0,"moved":1,"renamed":[],"replaced":1}"#, ["cart": "\"guest\""]),
    ])
    func aNativeAppClaimsItsGuestByTheRuleItChooses(rule: String, reply: String, expected: [String: String]) throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (_, cookie) = try app.signIn()
        let account = APIClient(app: app, bearer: String(cookie.dropFirst("vestibule_session=".count)))
        let (guest, guestID) = try APIClient(app: app).newGuest()
        try account.create("cart", "\"account\"")
        try guest.create("cart", "\"guest\"")
        try guest.create("wishlist", "[]")
        let body = #"{"guestToken":"\#(guest.bearer ?? "")","merge":"\#(rule)"}"#

        #expect(try APIClient(app: app).post("/api/v1/guests/claim", body).status == .unauthorized)
        #expect(try guest.post("/api/v1/guests/claim", body).status == .unauthorized, "a guest cannot claim itself")
        let badRule = try account.post("/api/v1/guests/claim", #"{"guestToken":"\#(guest.bearer ?? "")","merge":"newest"}"#)
        #expect(badRule.status == .badRequest)

        let claim = try account.post("/api/v1/guests/claim", body)
        #expect(claim.status == .ok)
        #expect(JSONValue(parsing: Array(reply.utf8)) == claim.json)
        #expect(try account.documents() == expected.merging(["wishlist": "[]"]) { $1 })
        #expect(try guest.get("/api/v1/documents").status == .unauthorized, "the guest token is dead")
        #expect(try app.rowsHolding(guestID) == 0, "no row of the guest remains")
        let twice = try account.post("/api/v1/guests/claim", body)
        #expect(twice.status == .notFound && twice.error == "notFound")
    }

    @Test func creatingGuestsIsRateLimitedPerClientAddress() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let client = APIClient(app: app)
        let statuses = try (0..<121).map { _ in try client.post("/api/v1/guests").status.code }
        #expect(statuses.dropLast().allSatisfy { $0 == 201 })
        #expect(statuses.last == 429)
    }
}

extension APIClient {
    /// Creates a document that the test needs, failing it when the write is refused.
    @discardableResult
    func create(_ name: String, _ body: String) throws -> Reply {
        let reply = try put(name, body)
        guard reply.status == .created else { throw TestFailure("PUT \(name) answered \(reply.status.code): \(reply.response.text)") }
        return reply
    }
}
