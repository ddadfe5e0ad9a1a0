import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCore
import VestibuleHTTP

/// The `documents` scope (`docs/oidc.md`): an access token of a first-party app that asked for it reads and writes
/// the account's documents through the JSON API, as a session token does, and stops the moment its grant ends.
/// Documents are the account's, not one app's, so a third-party app never gets the scope.
@Suite struct OpenIDDocumentsTests {
    /// A signed-in browser, the app it goes to, and an access token of that app for `scope`.
    private static func accessToken(firstParty: Bool, scope: String) throws
        -> (app: TestApplication, party: OpenIDRelyingParty, tokens: Response)
    {
        let app = try TestApplication { $0.apps = AppRegistry([OpenIDRelyingParty.app(firstParty: firstParty)]) }
        let browser = FormClient(app)
        try browser.createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")
        let party = OpenIDRelyingParty(app: app)
        var answer = try browser.get(party.authorizationPath(["scope": scope]))
        if answer.headers["Location"] == "/oidc/consent" {
            try browser.get("/oidc/consent")
            answer = try browser.post("/oidc/consent", ["decision": "allow"])
        }
        let code = try #require(OpenIDRelyingParty.callbackParameters(answer.headers["Location"])?["code"])
        return (app, party, try party.redeem(code))
    }

    @Test func aFirstPartyAppsAccessTokenReachesTheDocumentsUntilItsGrantEnds() throws {
        let (app, party, tokens) = try Self.accessToken(firstParty: true, scope: "openid documents")
        defer { app.application.shutdown() }
        #expect(tokens.json["scope"]?.stringValue == "openid documents")
        let accessToken = try #require(tokens.json["access_token"]?.stringValue)
        let api = APIClient(app: app, bearer: accessToken)
        #expect(try api.put("cart", #"{"books":["Dune"]}"#).status == .created)
        #expect(try api.get("/api/v1/documents/cart").response.text == #"{"books":["Dune"]}"#)

        let revoked = try party.tokenRequest(["token": try #require(tokens.json["refresh_token"]?.stringValue)], path: "/oidc/revoke")
        #expect(revoked.status == .ok)
        #expect(try api.get("/api/v1/documents/cart").status == .unauthorized, "the grant ended: its token reaches nothing")
    }

    @Test func anAccessTokenWithoutTheScopeReachesNoDocuments() throws {
        let (app, _, tokens) = try Self.accessToken(firstParty: true, scope: "openid profile")
        defer { app.application.shutdown() }
        let api = APIClient(app: app, bearer: try #require(tokens.json["access_token"]?.stringValue))
        #expect(try api.get("/api/v1/documents").status == .unauthorized)
        #expect(try api.put("cart", "{}").status == .unauthorized)
    }

    @Test func aThirdPartyAppAskingForTheDocumentsIsGrantedEverythingElse() throws {
        let (app, _, tokens) = try Self.accessToken(firstParty: false, scope: "openid email documents")
        defer { app.application.shutdown() }
        #expect(tokens.json["scope"]?.stringValue == "openid email", "the scope is left out, as unknown ones are")
        let api = APIClient(app: app, bearer: try #require(tokens.json["access_token"]?.stringValue))
        #expect(try api.get("/api/v1/documents").status == .unauthorized)
    }

    /// An access token is no session: the session API, which could sign the person out or read their sessions,
    /// does not take one.
    @Test func anAccessTokenIsNoSessionForTheRestOfTheAPI() throws {
        let (app, _, tokens) = try Self.accessToken(firstParty: true, scope: "openid documents")
        defer { app.application.shutdown() }
        let api = APIClient(app: app, bearer: try #require(tokens.json["access_token"]?.stringValue))
        #expect(try api.get("/api/v1/session").status == .unauthorized)
        #expect(try api.call(.delete, "/api/v1/session").status == .unauthorized)
        #expect(try api.post("/api/v1/token").status == .unauthorized)
    }
}
