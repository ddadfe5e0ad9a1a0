import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleHTTP
import VestibuleJSON

/// The data policy at work (SIWA-9, SIWA-10, SIWA-13), with two required fields (the terms, the country) and two
/// optional ones (a phone number, a birth date): required fields gate only whether the account is complete,
/// optional fields gate nothing, and the welcome page asks the required ones alone.
@Suite struct AccountFieldsTests {
    @Test func aNewAccountIsIncompleteUntilItsRequiredFieldsAreGivenAndEverythingWorksMeanwhile() throws {
        let app = try TestApplication { $0.dataPolicy = ShopPolicy.policy }
        defer { app.application.shutdown() }
        let browser = FormClient(app)
        try browser.createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")
        let bearer: HTTPHeaders = ["Authorization": "Bearer \(try #require(browser.cookies["vestibule_session"]))"]

        // The welcome page asks the required fields, each with its reason, and never the optional ones.
        let welcome = try browser.get("/welcome")
        #expect(welcome.status == .ok)
        for asked in ["name=\"field.terms\"", "name=\"field.country\"", "We can sell to you only under these terms.",
                      "Prices, taxes and shipping depend on it.", "https://shop.example.com/terms", ">Required<"] {
            #expect(welcome.text.contains(asked), "the welcome page shows \(asked)")
        }
        for optional in ["field.phone", "field.birthDate", "We text you", ">Optional<"] {
            #expect(!welcome.text.contains(optional), "the welcome page does not ask \(optional)")
        }
        #expect(try session(app, bearer)["complete"] == false)
        #expect(try session(app, bearer)["missingFields"] == ["terms", "country"])

        // Incomplete, and every page and API still answers.
        for page in ["/", "/account", "/account/data", "/account/data.json", "/account/password", "/account/passkey-offer",
                     "/account/delete", "/welcome", "/embed/status", "/sign-in"] {
            #expect(try browser.get(page).status == .ok, "\(page) works for an incomplete account")
        }
        let gate = try app.respond("/api/v1/forward-auth", headers: bearer)
        #expect(gate.status == .noContent, "forward-auth lets an incomplete account through")
        #expect(gate.headers["X-Vestibule-Complete"] == "false")
        var tokenHeaders = bearer
        tokenHeaders.replace("Content-Type", "application/json")
        #expect(try app.respond("/api/v1/token", method: .post, headers: tokenHeaders, body: "{}").status == .ok)
        let account = try browser.get("/account").text
        #expect(account.contains("data-fields=\"missing\"") && account.contains("data-fields=\"offered\""))

        // A refused value stores nothing, and the page says what is wrong with it.
        let refused = try browser.post("/welcome", ["field.terms": "accepted", "field.country": "FR"])
        #expect(refused.status == .badRequest)
        #expect(refused.text.contains("Choose a country or region"))
        #expect(refused.text.contains("aria-invalid=\"true\""))
        #expect(try session(app, bearer)["missingFields"] == ["terms", "country"], "nothing stored")

        let given = try browser.post("/welcome", ["field.terms": "accepted", "field.country": "JP"])
        #expect(given.status == .seeOther)
        #expect(given.headers["Location"] == "/continue")
        // Complete without either optional field, which nothing ever demanded.
        #expect(try session(app, bearer)["complete"] == true)
        #expect(try session(app, bearer)["missingFields"] == [])
        #expect(try app.respond("/api/v1/forward-auth", headers: bearer).headers["X-Vestibule-Complete"] == "true")
        let after = try browser.get("/welcome").text
        #expect(!after.contains("field.terms") && after.contains("href=\"/continue\""), "asked once: nothing left to ask")
    }

    @Test func anAppSetsAnyDeclaredFieldAndTakesBackOnlyOptionalOnes() throws {
        let app = try TestApplication { $0.dataPolicy = ShopPolicy.policy }
        defer { app.application.shutdown() }
        let (account, cookie) = try app.signIn()
        let bearer = "Bearer \(cookie.dropFirst("vestibule_session=".count))"

        let phone = try put(app, "phone", #"{"value": "+81 90 1234 5678"}"#, authorization: bearer)
        #expect(phone.status == .ok)
        var json = try #require(JSONValue(parsing: phone.body))
        #expect(json["value"]?.stringValue == "+819012345678", "stored in its normal form")
        #expect(json["givenAt"]?.stringValue?.hasSuffix("Z") == true)
        #expect(json["complete"] == false, "an optional field does not complete the account")
        #expect(json["missingFields"] == ["terms", "country"])

        let invalid = try put(app, "phone", #"{"value": "call me"}"#, authorization: bearer, language: "ja")
        #expect(invalid.status == .badRequest)
        json = try #require(JSONValue(parsing: invalid.body))
        #expect(json["error"]?.stringValue == "invalidPhone")
        #expect(json["message"]?.stringValue?.contains("国番号") == true, "the message is in the caller's language")
        #expect(try put(app, "shoeSize", #"{"value": "44"}"#, authorization: bearer).status == .notFound)
        #expect(try put(app, "phone", #"{"number": "+81"}"#, authorization: bearer).status == .badRequest)
        #expect(try put(app, "phone", #"{"value": "+81 90 1234 5678"}"#, authorization: nil).status == .unauthorized)

        #expect(try put(app, "country", #"{"value": "de"}"#, authorization: bearer).status == .ok)
        json = try #require(JSONValue(parsing: try put(app, "terms", #"{"value": "accepted"}"#, authorization: bearer).body))
        #expect(json["value"]?.stringValue == "https://shop.example.com/terms", "consent records the terms accepted")
        #expect(json["complete"] == true)

        let keep = try delete(app, "terms", authorization: bearer)
        #expect(keep.status == .conflict)
        #expect(JSONValue(parsing: keep.body)?["error"]?.stringValue == "requiredField")
        #expect(try delete(app, "phone", authorization: bearer).status == .noContent)
        #expect(try delete(app, "phone", authorization: bearer).status == .noContent, "taken back already")
        #expect(try delete(app, "shoeSize", authorization: bearer).status == .notFound)
        #expect(try app.withStore { try $0.accountFields(of: account.id) }.map(\.name) == ["country", "terms"])

        // With the session cookie, a call needs the page's anti-forgery token like every cookie call.
        let forged = try app.respond(
            "/api/v1/account/fields/country", method: .delete,
            headers: ["Cookie": cookie, "Origin": app.application.configuration.origin]
        )
        #expect(forged.status == .forbidden)
    }

    @Test func theAccountPageOffersOptionalFieldsWithTheirBenefitAndYourDataTakesThemBack() throws {
        let app = try TestApplication { $0.dataPolicy = ShopPolicy.policy }
        defer { app.application.shutdown() }
        let (account, cookie) = try app.signIn()
        let browser = FormClient(app)
        browser.adopt(cookies: ["vestibule_session": String(cookie.dropFirst("vestibule_session=".count))])

        let page = try browser.get("/account").text
        #expect(page.contains("We text you when your order ships.") && page.contains("A small gift on your birthday"))
        let refused = try browser.post("/account/fields", ["section": "offered", "field.phone": "12345", "field.birthDate": ""])
        #expect(refused.status == .badRequest)
        #expect(refused.text.contains("Enter a phone number with its country code"))
        try browser.get("/account")
        let saved = try browser.post("/account/fields", ["section": "offered", "field.phone": "+49 151 12345678", "field.birthDate": ""])
        #expect(saved.headers["Location"] == "/account?notice=field-saved", "an empty optional field is simply not given")
        #expect(try app.withStore { try $0.accountFields(of: account.id) }.map(\.value) == ["+4915112345678"])
        // The required fields still missing: an unticked consent sends nothing, and is refused.
        let unticked = try browser.post("/account/fields", ["section": "missing", "field.country": "GB"])
        #expect(unticked.status == .badRequest)
        #expect(unticked.text.contains("Tick the box to accept."))
        #expect(try app.withStore { try $0.accountFields(of: account.id) }.count == 1, "nothing stored")
        let offered = try browser.get("/account").text
        #expect(!offered.contains("name=\"field.phone\"") && offered.contains("name=\"field.birthDate\""))

        let data = try browser.get("/account/data").text
        #expect(data.contains("+4915112345678") && data.contains("We text you when your order ships."))
        #expect(data.contains("action=\"/account/fields/phone/delete\""))
        #expect(try browser.post("/account/fields/phone/delete", [:]).headers["Location"] == "/account/data")
        #expect(try app.withStore { try $0.accountFields(of: account.id) }.isEmpty)
    }

    // MARK: Steps

    private func session(_ app: TestApplication, _ headers: HTTPHeaders) throws -> JSONValue {
        try #require(JSONValue(parsing: try app.respond("/api/v1/session", headers: headers).body))
    }

    private func put(
        _ app: TestApplication, _ name: String, _ body: String, authorization: String?, language: String = "en"
    ) throws -> Response {
        var headers: HTTPHeaders = ["Content-Type": "application/json", "Accept-Language": language]
        if let authorization { headers.replace("Authorization", authorization) }
        return try app.respond("/api/v1/account/fields/\(name)", method: .put, headers: headers, body: body)
    }

    /// A `DELETE` as an app sends it: no body, so no `Content-Type`.
    private func delete(_ app: TestApplication, _ name: String, authorization: String) throws -> Response {
        try app.respond("/api/v1/account/fields/\(name)", method: .delete, headers: ["Authorization": authorization])
    }
}
