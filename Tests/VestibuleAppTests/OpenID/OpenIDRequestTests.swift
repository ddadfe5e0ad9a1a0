import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCore
import VestibuleCrypto
import VestibuleHTTP

/// The authorization request's parameters and the token endpoint's client authentication, one behaviour each, as
/// the conformance suite's Basic OP modules exercise them (`docs/oidc-conformance.md`).
@Suite struct OpenIDRequestTests {
    private static let password = "correct horse battery staple"

    /// A first-party app (no consent page) and a browser signed in to Ada's account.
    private static func signedIn(_ apps: [RegisteredApp] = [OpenIDRelyingParty.app(firstParty: true)]) throws
        -> (TestApplication, FormClient, OpenIDRelyingParty)
    {
        let app = try TestApplication { $0.apps = AppRegistry(apps) }
        let browser = FormClient(app)
        try browser.createPasswordAccount(email: "ada@example.com", password: password)
        return (app, browser, OpenIDRelyingParty(app: app))
    }

    private static func code(_ response: Response) -> String? {
        OpenIDRelyingParty.callbackParameters(response.headers["Location"])?["code"]
    }

    @Test func aRequestWithoutResponseTypeIsRefusedBackToTheApp() throws {
        let (app, browser, party) = try Self.signedIn()
        defer { app.application.shutdown() }
        let response = try browser.get(party.authorizationPath(["response_type": ""]))
        #expect(OpenIDRelyingParty.callbackParameters(response.headers["Location"])?["error"] == "invalid_request")
    }

    @Test func unknownParametersTheClaimsParameterAndDisplayAreIgnored() throws {
        let (app, browser, party) = try Self.signedIn()
        defer { app.application.shutdown() }
        let response = try browser.get(
            party.authorizationPath([
                "vestibule_unknown": "x", "claims": #"{"userinfo":{"name":{"essential":true}}}"#, "display": "popup",
                "acr_values": "urn:mace:incommon:iap:silver", "claims_locales": "de",
            ])
        )
        #expect(Self.code(response) != nil)
    }

    @Test func theRequestMayArriveAsAFormPost() throws {
        let (app, browser, party) = try Self.signedIn()
        defer { app.application.shutdown() }
        let query = String(try #require(party.authorizationPath().split(separator: "?", maxSplits: 1).last))
        var headers = HTTPHeaders()
        headers.replace("Cookie", browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        headers.replace("Content-Type", "application/x-www-form-urlencoded")
        let response = try app.respond("/oidc/authorize", method: .post, headers: headers, body: query)
        #expect(Self.code(response) != nil)
    }

    @Test func promptLoginAsksForAFreshSignInAndOnlyThatAnswersTheApp() throws {
        let (app, browser, party) = try Self.signedIn()
        defer { app.application.shutdown() }
        let asked = try browser.get(party.authorizationPath(["prompt": "login"]))
        #expect(asked.headers["Location"] == "/sign-in", "signed in already, but the app wants a sign-in now")
        #expect(try browser.get("/continue").headers["Location"] == "/sign-in", "the old session does not answer it")
        try browser.get("/sign-in")
        let signedIn = try browser.post("/sign-in", ["email": "ada@example.com", "password": Self.password])
        let next = try #require(signedIn.headers["Location"])
        #expect(Self.code(try browser.get(next == "/account/passkey-offer" ? "/continue" : next)) != nil)
    }

    @Test func maxAgeAsksForASignInOnlyWhenTheSessionIsOlder() throws {
        let (app, browser, party) = try Self.signedIn()
        defer { app.application.shutdown() }
        #expect(Self.code(try browser.get(party.authorizationPath(["max_age": "10000"]))) != nil)
        Thread.sleep(forTimeInterval: 1.1)  // what the test is about: a session older than max_age
        #expect(try browser.get(party.authorizationPath(["max_age": "1"])).headers["Location"] == "/sign-in")
        let none = try browser.get(party.authorizationPath(["max_age": "1", "prompt": "none"]))
        #expect(OpenIDRelyingParty.callbackParameters(none.headers["Location"])?["error"] == "login_required")
    }

    @Test func anIDTokenHintForThePersonSignedInAnswersPromptNoneSilently() throws {
        let (app, browser, party) = try Self.signedIn()
        defer { app.application.shutdown() }
        let first = try #require(Self.code(try browser.get(party.authorizationPath())))
        let idToken = try #require(try party.redeem(first).json["id_token"]?.stringValue)
        let silent = try browser.get(party.authorizationPath(["prompt": "none", "id_token_hint": idToken]))
        #expect(Self.code(silent) != nil)
        let forged = try browser.get(party.authorizationPath(["id_token_hint": idToken.dropLast(4) + "AAAA"]))
        #expect(OpenIDRelyingParty.callbackParameters(forged.headers["Location"])?["error"] == "invalid_request")
    }

    @Test func loginHintFillsInTheSignInPagesEmail() throws {
        let app = try TestApplication { $0.apps = AppRegistry([OpenIDRelyingParty.app(firstParty: true)]) }
        defer { app.application.shutdown() }
        let browser = FormClient(app)
        let party = OpenIDRelyingParty(app: app)
        #expect(try browser.get(party.authorizationPath(["login_hint": "grace@example.com"])).headers["Location"] == "/sign-in")
        #expect(try browser.get("/sign-in").text.contains(#"value="grace@example.com""#))
    }

    @Test func clientSecretPostAuthenticatesAndTwoMethodsAtOnceAreRefused() throws {
        let (app, browser, party) = try Self.signedIn()
        defer { app.application.shutdown() }
        func form(_ fields: [String: String], basic: Bool) throws -> Response {
            var headers = HTTPHeaders()
            headers.replace("Content-Type", "application/x-www-form-urlencoded")
            if basic { headers.replace("Authorization", "Basic " + Data("portal:\(OpenIDRelyingParty.key)".utf8).base64EncodedString()) }
            return try app.respond("/oidc/token", method: .post, headers: headers, body: FormBody.encode(fields))
        }
        let firstCode = try #require(Self.code(try browser.get(party.authorizationPath())))
        let secondCode = try #require(Self.code(try browser.get(party.authorizationPath())))
        var fields = [
            "grant_type": "authorization_code", "code": firstCode,
            "redirect_uri": OpenIDRelyingParty.redirectURI, "code_verifier": party.verifier, "client_id": "portal",
            "client_secret": OpenIDRelyingParty.key,
        ]
        #expect(try form(fields, basic: false).status == .ok)
        fields["code"] = secondCode
        #expect(try form(fields, basic: true).json["error"]?.stringValue == "invalid_request")
    }

    @Test func aCodeIssuedToOneClientIsRefusedToAnother() throws {
        let otherKey = SecureRandom.token()
        let other = RegisteredApp(
            id: "other", name: "Other", keyDigest: SHA2.sha256(otherKey), returnURLs: [],
            openID: OpenIDClientSettings(redirectURIs: [OpenIDRelyingParty.redirectURI], isFirstParty: true)
        )
        let (app, browser, party) = try Self.signedIn([OpenIDRelyingParty.app(firstParty: true), other])
        defer { app.application.shutdown() }
        let code = try #require(Self.code(try browser.get(party.authorizationPath())))
        var headers = HTTPHeaders()
        headers.replace("Content-Type", "application/x-www-form-urlencoded")
        headers.replace("Authorization", "Basic " + Data("other:\(otherKey)".utf8).base64EncodedString())
        let stolen = try app.respond(
            "/oidc/token", method: .post, headers: headers,
            body: FormBody.encode([
                "grant_type": "authorization_code", "code": code, "redirect_uri": OpenIDRelyingParty.redirectURI,
                "code_verifier": party.verifier,
            ])
        )
        #expect(stolen.json["error"]?.stringValue == "invalid_grant")
    }

    @Test func userinfoTakesTheTokenInAPostBodyButNotInTwoPlaces() throws {
        let (app, browser, party) = try Self.signedIn()
        defer { app.application.shutdown() }
        let code = try #require(Self.code(try browser.get(party.authorizationPath())))
        let accessToken = try #require(try party.redeem(code).json["access_token"]?.stringValue)
        var headers = HTTPHeaders()
        headers.replace("Content-Type", "application/x-www-form-urlencoded")
        let body = FormBody.encode(["access_token": accessToken])
        #expect(try app.respond("/oidc/userinfo", method: .post, headers: headers, body: body).status == .ok)
        headers.replace("Authorization", "Bearer \(accessToken)")
        #expect(try app.respond("/oidc/userinfo", method: .post, headers: headers, body: body).status == .unauthorized)
    }

    /// The parameters in another order, the scopes too, change nothing (`oidcc-alternate-happy-flow`).
    @Test func scopesAndParametersInAnyOrderGiveTheSameGrant() throws {
        let (app, browser, party) = try Self.signedIn()
        defer { app.application.shutdown() }
        let reordered = party.authorizationPath(["scope": "email profile openid"])
        let query = reordered.split(separator: "?", maxSplits: 1)[1].split(separator: "&").reversed().joined(separator: "&")
        let code = try #require(Self.code(try browser.get("/oidc/authorize?" + query)))
        #expect(try party.redeem(code).json["scope"]?.stringValue == "openid profile email")
    }

    /// Request objects are not taken: by reference or by value they are refused back to the app, and one beside an
    /// unregistered `redirect_uri` changes nothing about that address being refused, never redirected to.
    @Test func requestObjectsAreRefusedAsUnsupported() throws {
        let (app, browser, party) = try Self.signedIn()
        defer { app.application.shutdown() }
        let byReference = try browser.get(party.authorizationPath(["request_uri": "https://portal.example.com/request.jwt"]))
        #expect(OpenIDRelyingParty.callbackParameters(byReference.headers["Location"])?["error"] == "request_uri_not_supported")
        let beside = try browser.get(
            party.authorizationPath(["request": "eyJhbGciOiJub25lIn0.e30.", "redirect_uri": "https://evil.example/callback"])
        )
        #expect(beside.status == .badRequest)
        #expect(beside.headers["Location"] == nil)
    }
}
