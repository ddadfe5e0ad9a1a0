import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCore
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
}
