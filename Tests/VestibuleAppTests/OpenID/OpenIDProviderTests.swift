import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCore
import VestibuleCrypto
import VestibuleHTTP

/// Vestibule as an OpenID Provider, end to end in-process: an app's visitor signs in, allows the app, the app's
/// server redeems the code, verifies the ID token against the JWKS and reads userinfo; codes and refresh tokens
/// work once, and a copy used again revokes what they gave.
@Suite struct OpenIDProviderTests {
    /// A signed-in browser and the third-party app it goes to.
    private static func signedIn(firstParty: Bool = false, algorithm: JWSAlgorithm = .rs256) throws
        -> (TestApplication, FormClient, OpenIDRelyingParty)
    {
        let app = try TestApplication { $0.apps = AppRegistry([OpenIDRelyingParty.app(firstParty: firstParty, algorithm: algorithm)]) }
        let browser = FormClient(app)
        try browser.createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")
        try browser.get("/account")
        try browser.post("/account/name", ["displayName": "Ada Lovelace"])
        return (app, browser, OpenIDRelyingParty(app: app))
    }

    @Test func aThirdPartyAppIsAllowedOnceThenGetsAVerifiableIDTokenAndUserinfo() throws {
        let (app, browser, party) = try Self.signedIn()
        defer { app.application.shutdown() }

        let asked = try browser.get(party.authorizationPath())
        #expect(asked.headers["Location"] == "/oidc/consent", "a third-party app is allowed by the person first")
        let consent = try browser.get("/oidc/consent").text
        #expect(consent.contains("Sign in to <bdi>Example Portal</bdi> with this account?"))
        for item in ["Your account&#39;s identifier", "Your name", "Your email address"] {
            #expect(consent.contains(item) || consent.contains(item.replacingOccurrences(of: "&#39;", with: "'")), "lists \(item)")
        }
        let allowed = try browser.post("/oidc/consent", ["decision": "allow"])
        let callback = try #require(OpenIDRelyingParty.callbackParameters(allowed.headers["Location"]))
        #expect(callback["state"] == party.state)
        #expect(callback["iss"] == app.application.configuration.origin, "RFC 9207's iss")
        let code = try #require(callback["code"])

        let tokens = try party.redeem(code)
        #expect(tokens.status == .ok)
        #expect(tokens.headers["Cache-Control"] == "no-store")
        let idToken = try #require(tokens.json["id_token"]?.stringValue)
        let claims = try party.verifiedClaims(idToken)
        #expect(claims.header.alg == "RS256", "RS256 unless the client asks otherwise")
        #expect(claims.iss == app.application.configuration.origin)
        #expect(claims.aud == ["portal"])
        #expect(claims.nonce == party.nonce)
        #expect(claims["email"]?.stringValue == "ada@example.com")
        #expect(claims["email_verified"]?.boolValue == true)
        #expect(claims["name"]?.stringValue == "Ada Lovelace")
        #expect(claims["amr"]?.arrayValue?.compactMap(\.stringValue) == ["pwd"])
        #expect(claims["sid"]?.stringValue?.count == 64)
        #expect(claims["auth_time"]?.intValue != nil)

        let accessToken = try #require(tokens.json["access_token"]?.stringValue)
        let info = try party.userInfo(accessToken)
        #expect(info.status == .ok)
        #expect(info.json["sub"]?.stringValue == claims.sub)
        #expect(info.json["email"]?.stringValue == "ada@example.com")

        let again = try browser.get(party.authorizationPath())
        #expect(OpenIDRelyingParty.callbackParameters(again.headers["Location"])?["code"] != nil, "allowed once, not asked again")
        let data = try browser.get("/account/data").text
        #expect(data.contains("data-app=\"portal\""), "Your data lists the app")
    }

    @Test func dontAllowSendsTheAppAccessDeniedAndNoCode() throws {
        let (app, browser, party) = try Self.signedIn()
        defer { app.application.shutdown() }
        try browser.get(party.authorizationPath())
        try browser.get("/oidc/consent")
        let denied = try browser.post("/oidc/consent", ["decision": "deny"])
        let callback = try #require(OpenIDRelyingParty.callbackParameters(denied.headers["Location"]))
        #expect(callback["error"] == "access_denied")
        #expect(callback["code"] == nil)
        #expect(callback["state"] == party.state)
    }

    @Test func aCodeWorksOnceAndItsSecondUseRevokesTheGrantItMade() throws {
        let (app, browser, party) = try Self.signedIn(firstParty: true)
        defer { app.application.shutdown() }
        let code = try #require(OpenIDRelyingParty.callbackParameters(try browser.get(party.authorizationPath()).headers["Location"])?["code"])
        let first = try party.redeem(code)
        let accessToken = try #require(first.json["access_token"]?.stringValue)
        #expect(try party.userInfo(accessToken).status == .ok)

        let replay = try party.redeem(code)
        #expect(replay.status == .badRequest)
        #expect(replay.json["error"]?.stringValue == "invalid_grant")
        #expect(try party.userInfo(accessToken).status == .unauthorized, "the copy's use revoked the first redemption's tokens")
    }

    @Test func aRefreshTokenRotatesAndTheOldOneUsedAgainRevokesTheGrant() throws {
        let (app, browser, party) = try Self.signedIn(firstParty: true)
        defer { app.application.shutdown() }
        let code = try #require(OpenIDRelyingParty.callbackParameters(try browser.get(party.authorizationPath()).headers["Location"])?["code"])
        let first = try #require(try party.redeem(code).json["refresh_token"]?.stringValue)
        let rotated = try party.refresh(first)
        #expect(rotated.status == .ok)
        let second = try #require(rotated.json["refresh_token"]?.stringValue)
        #expect(second != first)

        #expect(try party.refresh(first).json["error"]?.stringValue == "invalid_grant", "the replaced token is refused")
        #expect(try party.refresh(second).json["error"]?.stringValue == "invalid_grant", "and its reuse revoked the grant")
    }

    @Test func theTokenEndpointRefusesAWrongVerifierRedirectOrSecret() throws {
        let (app, browser, party) = try Self.signedIn(firstParty: true)
        defer { app.application.shutdown() }
        func freshCode() throws -> String {
            try #require(OpenIDRelyingParty.callbackParameters(try browser.get(party.authorizationPath()).headers["Location"])?["code"])
        }
        let wrongVerifier = try party.redeem(try freshCode(), verifier: SecureRandom.token(byteCount: 32))
        #expect(wrongVerifier.json["error"]?.stringValue == "invalid_grant")
        let wrongRedirect = try party.redeem(try freshCode(), redirectURI: "https://portal.example.com/other")
        #expect(wrongRedirect.json["error"]?.stringValue == "invalid_grant")
        let wrongSecret = try party.tokenRequest(
            ["grant_type": "authorization_code", "code": try freshCode(), "redirect_uri": OpenIDRelyingParty.redirectURI,
             "code_verifier": party.verifier],
            secret: "not-the-key"
        )
        #expect(wrongSecret.status == .unauthorized)
        #expect(wrongSecret.json["error"]?.stringValue == "invalid_client")
        #expect(wrongSecret.headers["WWW-Authenticate"]?.hasPrefix("Basic") == true)
    }

    /// OpenID Connect Core 3.1.2.6: a request whose client or redirect URI is not registered is never sent on;
    /// the person sees the problem.
    @Test func anUnknownClientOrUnregisteredRedirectIsShownNeverRedirected() throws {
        let (app, browser, party) = try Self.signedIn()
        defer { app.application.shutdown() }
        for path in [
            party.authorizationPath(["client_id": "someone-else"]),
            party.authorizationPath(["redirect_uri": "https://evil.example/callback"]),
            party.authorizationPath(["redirect_uri": "https://portal.example.com/callback/"]),
            party.authorizationPath(["redirect_uri": ""]),
        ] {
            let response = try browser.get(path)
            #expect(response.status == .badRequest, "\(path)")
            #expect(response.headers["Location"] == nil)
        }
    }

    @Test func problemsAfterTheRedirectIsKnownGoBackToTheApp() throws {
        let (app, browser, party) = try Self.signedIn()
        defer { app.application.shutdown() }
        let cases: [([String: String], String)] = [
            (["response_type": "token"], "unsupported_response_type"),
            (["scope": "profile email"], "invalid_scope"),
            (["code_challenge": ""], "invalid_request"),
            (["code_challenge_method": "plain"], "invalid_request"),
            (["request": "eyJhbGciOiJub25lIn0.e30."], "request_not_supported"),
            (["prompt": "none"], "consent_required"),
        ]
        for (extra, error) in cases {
            let response = try browser.get(party.authorizationPath(extra))
            let callback = try #require(OpenIDRelyingParty.callbackParameters(response.headers["Location"]), "\(extra)")
            #expect(callback["error"] == error, "\(extra)")
            #expect(callback["state"] == party.state)
        }
        let signedOut = FormClient(app)
        let none = try signedOut.get(party.authorizationPath(["prompt": "none"]))
        #expect(OpenIDRelyingParty.callbackParameters(none.headers["Location"])?["error"] == "login_required")
    }

    @Test func aSignedOutVisitorSignsInAndComesBackToTheAppWithACode() throws {
        let app = try TestApplication { $0.apps = AppRegistry([OpenIDRelyingParty.app(firstParty: true)]) }
        defer { app.application.shutdown() }
        let setup = FormClient(app)
        try setup.createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")
        let party = OpenIDRelyingParty(app: app)
        let browser = FormClient(app)
        let asked = try browser.get(party.authorizationPath(["ui_locales": "ja de"]))
        #expect(asked.headers["Location"] == "/sign-in?lang=ja", "the app's language, the first Vestibule speaks")
        let page = try browser.get("/sign-in").text
        #expect(page.contains("Example Portal"), "the sign-in page names the app it continues to")
        let signedIn = try browser.post("/sign-in", ["email": "ada@example.com", "password": "correct horse battery staple"])
        let next = try #require(signedIn.headers["Location"])
        let back = try browser.get(next == "/account/passkey-offer" ? "/continue" : next)
        #expect(OpenIDRelyingParty.callbackParameters(back.headers["Location"])?["code"] != nil)
    }

    @Test func stopUsingAnAppRevokesItsTokensAndQueuesItsBackchannelLogout() throws {
        let (app, browser, party) = try Self.signedIn(firstParty: true)
        defer { app.application.shutdown() }
        let code = try #require(OpenIDRelyingParty.callbackParameters(try browser.get(party.authorizationPath()).headers["Location"])?["code"])
        let accessToken = try #require(try party.redeem(code).json["access_token"]?.stringValue)
        try browser.get("/account/data")
        let stopped = try browser.post("/account/apps/portal/stop", [:])
        #expect(stopped.headers["Location"] == "/account/data")
        #expect(try party.userInfo(accessToken).status == .unauthorized)
        #expect(!(try browser.get("/account/data").text.contains("data-app=\"portal\"")))
    }

    @Test func rpInitiatedLogoutWithTheIDTokenSignsOutAndReturnsToTheApp() throws {
        let (app, browser, party) = try Self.signedIn(firstParty: true)
        defer { app.application.shutdown() }
        let code = try #require(OpenIDRelyingParty.callbackParameters(try browser.get(party.authorizationPath()).headers["Location"])?["code"])
        let idToken = try #require(try party.redeem(code).json["id_token"]?.stringValue)
        let logout = try browser.get(
            "/oidc/end-session?" + FormBody.encode([
                "id_token_hint": idToken, "post_logout_redirect_uri": OpenIDRelyingParty.postLogoutURI, "state": "s1",
            ])
        )
        #expect(logout.headers["Location"] == OpenIDRelyingParty.postLogoutURI + "?state=s1")
        #expect(try browser.get("/account").headers["Location"] == "/sign-in", "signed out")

        let unregistered = try browser.get(
            "/oidc/end-session?" + FormBody.encode(["id_token_hint": idToken, "post_logout_redirect_uri": "https://evil.example/"])
        )
        #expect(unregistered.status == .badRequest)
    }

    @Test func discoveryNamesEveryEndpointAndTheJWKSHoldsAnRS256AndAnES256Key() throws {
        let app = try TestApplication { $0.apps = AppRegistry([OpenIDRelyingParty.app()]) }
        defer { app.application.shutdown() }
        let origin = app.application.configuration.origin
        let discovery = try app.respond("/.well-known/openid-configuration").json
        #expect(discovery["issuer"]?.stringValue == origin)
        for (member, path) in [
            ("authorization_endpoint", "/oidc/authorize"), ("token_endpoint", "/oidc/token"),
            ("userinfo_endpoint", "/oidc/userinfo"), ("jwks_uri", "/.well-known/jwks.json"),
            ("end_session_endpoint", "/oidc/end-session"),
        ] {
            #expect(discovery[member]?.stringValue == origin + path)
        }
        #expect(discovery["id_token_signing_alg_values_supported"]?.arrayValue?.compactMap(\.stringValue) == ["RS256", "ES256"])
        #expect(discovery["prompt_values_supported"]?.arrayValue?.compactMap(\.stringValue).contains("create") == true,
                "OpenID Connect Prompt Create 1.0")
        #expect(discovery["scopes_supported"]?.arrayValue?.compactMap(\.stringValue).contains("documents") == true)
        let algorithms = try app.respond("/.well-known/jwks.json").json["keys"]?.arrayValue?.compactMap { $0["alg"]?.stringValue }
        #expect(Set(algorithms ?? []) == ["RS256", "ES256"])
    }
}

extension OpenIDProviderTests {
    /// Deleting the account ends its grants with it, and each app that takes back-channel logouts is told.
    @Test func deletingTheAccountQueuesABackchannelLogoutForItsApps() throws {
        let client = RegisteredApp(
            id: "portal", name: "Example Portal", keyDigest: SHA2.sha256(OpenIDRelyingParty.key), returnURLs: [],
            openID: OpenIDClientSettings(
                redirectURIs: [OpenIDRelyingParty.redirectURI], backchannelLogoutURI: "https://portal.example.com/logout",
                isFirstParty: true
            )
        )
        let app = try TestApplication { $0.apps = AppRegistry([client]) }
        defer { app.application.shutdown() }
        let browser = FormClient(app)
        try browser.createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")
        let party = OpenIDRelyingParty(app: app)
        let code = try #require(OpenIDRelyingParty.callbackParameters(try browser.get(party.authorizationPath()).headers["Location"])?["code"])
        let idToken = try #require(try party.redeem(code).json["id_token"]?.stringValue)
        let sid = try #require(try party.verifiedClaims(idToken)["sid"]?.stringValue)

        try browser.get("/account/delete")
        #expect(try browser.post("/account/delete", [:]).headers["Location"] == "/?notice=account-deleted")
        let queued = try app.withStore { try $0.dueBackchannelLogouts(at: Date().addingTimeInterval(7 * 86_400), limit: 10) }
        #expect(queued.map(\.appID) == ["portal"])
        #expect(queued.map(\.sid) == [sid])
    }
}

extension OpenIDProviderTests {
    /// A malformed request is refused back to its app and leaves the request the person is answering alone.
    @Test func aRefusedRequestLeavesTheWaitingOneAlone() throws {
        let (app, browser, party) = try Self.signedIn()
        defer { app.application.shutdown() }
        #expect(try browser.get(party.authorizationPath()).headers["Location"] == "/oidc/consent")
        let refused = try browser.get(party.authorizationPath(["response_type": "token"]))
        #expect(OpenIDRelyingParty.callbackParameters(refused.headers["Location"])?["error"] == "unsupported_response_type")
        #expect(try browser.get("/oidc/consent").status == .ok, "the consent page still waits for its answer")
    }
}

