import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCore
import VestibuleCrypto
import VestibuleHTTP

/// RP-initiated logout without an ID token naming the person: a link anyone could have sent signs nobody out
/// by itself; the person is asked, and their answer is carried out.
@Suite struct OpenIDLogoutTests {
    private static func signedIn() throws -> (TestApplication, FormClient) {
        let app = try TestApplication { $0.apps = AppRegistry([OpenIDRelyingParty.app(firstParty: true)]) }
        let browser = FormClient(app)
        try browser.createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")
        return (app, browser)
    }

    private static let request = "/oidc/end-session?" + FormBody.encode([
        "client_id": "portal", "post_logout_redirect_uri": OpenIDRelyingParty.postLogoutURI, "state": "s2",
    ])

    @Test func withoutAHintThePersonIsAskedAndSigningOutReturnsToTheApp() throws {
        let (app, browser) = try Self.signedIn()
        defer { app.application.shutdown() }
        let asked = try browser.get(Self.request)
        let page = try #require(asked.headers["Location"])
        #expect(page.hasPrefix("/oidc/sign-out?"))
        #expect(try browser.get("/account").status == .ok, "nothing happened on the GET")
        let confirmation = try browser.get(page).text
        #expect(confirmation.contains("<bdi>Example Portal</bdi> asked to sign you out."))
        let answered = try browser.post("/oidc/sign-out", [
            "decision": "sign-out", "client_id": "portal", "post_logout_redirect_uri": OpenIDRelyingParty.postLogoutURI,
            "state": "s2",
        ])
        #expect(answered.headers["Location"] == OpenIDRelyingParty.postLogoutURI + "?state=s2")
        #expect(try browser.get("/account").headers["Location"] == "/sign-in", "signed out")
    }

    @Test func stayingSignedInKeepsTheSessionAndAForgedAnswerIsRefused() throws {
        let (app, browser) = try Self.signedIn()
        defer { app.application.shutdown() }
        try browser.get(try #require(try browser.get(Self.request).headers["Location"]))
        #expect(try browser.post("/oidc/sign-out", ["decision": "stay"]).headers["Location"] == "/account")
        #expect(try browser.get("/account").status == .ok)
        let forged = try browser.post("/oidc/sign-out", ["decision": "sign-out", "csrf": "forged"])
        #expect(forged.status == .forbidden)
        #expect(try browser.get("/account").status == .ok, "still signed in")
    }

    @Test func signedOutTheBrowserGoesStraightBackAndNoParametersGoHome() throws {
        let (app, browser) = try Self.signedIn()
        defer { app.application.shutdown() }
        let stranger = FormClient(app)
        #expect(try stranger.get(Self.request).headers["Location"] == OpenIDRelyingParty.postLogoutURI + "?state=s2")
        let bare = try browser.get("/oidc/end-session")
        #expect(bare.headers["Location"] == "/oidc/sign-out")
        try browser.get("/oidc/sign-out")
        #expect(try browser.post("/oidc/sign-out", ["decision": "sign-out"]).headers["Location"] == "/")
        #expect(try browser.get("/account").headers["Location"] == "/sign-in")
    }

    /// A hint not signed by Vestibule (`alg` changed to `none`, another key) or a redirect URI with a query added
    /// is never followed; with a genuine hint and no `state`, the redirect carries none.
    @Test func aForgedOrForeignHintOrAnAlteredRedirectIsRefusedAndNoStateMeansNoState() throws {
        let (app, browser) = try Self.signedIn()
        defer { app.application.shutdown() }
        let party = OpenIDRelyingParty(app: app)
        let code = try #require(OpenIDRelyingParty.callbackParameters(try browser.get(party.authorizationPath()).headers["Location"])?["code"])
        let idToken = try #require(try party.redeem(code).json["id_token"]?.stringValue)
        let parts = idToken.split(separator: ".").map(String.init)
        let unsigned = Base64URL.encode(Array(#"{"alg":"none","typ":"JWT"}"#.utf8)) + "." + parts[1] + "."
        let foreignKey = try SigningKey.generate(.rs256)
        let foreign = try JWS.sign(payload: try Base64URL.decode(parts[1]), key: foreignKey, keyID: "other")
        for hint in [unsigned, foreign] {
            let refused = try browser.get("/oidc/end-session?" + FormBody.encode([
                "id_token_hint": hint, "post_logout_redirect_uri": OpenIDRelyingParty.postLogoutURI,
            ]))
            #expect(refused.status == .badRequest)
            #expect(refused.headers["Location"] == nil)
        }
        let altered = try browser.get("/oidc/end-session?" + FormBody.encode([
            "id_token_hint": idToken, "post_logout_redirect_uri": OpenIDRelyingParty.postLogoutURI + "?foo=bar",
        ]))
        #expect(altered.status == .badRequest)
        #expect(try browser.get("/account").status == .ok, "nobody was signed out")
        let withoutState = try browser.get("/oidc/end-session?" + FormBody.encode([
            "id_token_hint": idToken, "post_logout_redirect_uri": OpenIDRelyingParty.postLogoutURI,
        ]))
        #expect(withoutState.headers["Location"] == OpenIDRelyingParty.postLogoutURI)
        let afterwards = try browser.get(party.authorizationPath(["prompt": "none"]))
        #expect(OpenIDRelyingParty.callbackParameters(afterwards.headers["Location"])?["error"] == "login_required")
    }
}
