import Foundation
import Testing
import VestibuleAppleEmulator
import VestibuleHTTP
import VestibuleHTTPClient
import VestibuleJSON

@Suite struct WebFlowTests {
    @Test func discoveryNamesTheEmulatorsOriginForEveryEndpoint() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let document = try fixture.http.get(fixture.url("/.well-known/openid-configuration")).json
        let issuer = fixture.emulator.issuer
        #expect(issuer == "http://127.0.0.1:\(fixture.emulator.port)")
        #expect(document["issuer"] == .string(issuer))
        #expect(document["authorization_endpoint"] == .string(issuer + "/auth/authorize"))
        #expect(document["token_endpoint"] == .string(issuer + "/auth/token"))
        #expect(document["revocation_endpoint"] == .string(issuer + "/auth/revoke"))
        #expect(document["jwks_uri"] == .string(issuer + "/auth/keys"))
        #expect(document["id_token_signing_alg_values_supported"] == ["RS256"])
        #expect(document["token_endpoint_auth_methods_supported"] == ["client_secret_post"])
    }

    @Test func aWebSignInPostsCodeIDTokenStateAndUserAndTheCodeExchangesForAVerifiedIDToken() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let answer = try fixture.submitConsent(fixture.authorizeURL(), appleID: "Ada@Example.com")
        // A page that posts cross-site: its CSP lets the form go to the relying party and nowhere else, and a
        // script from the emulator's own origin submits it.
        #expect(answer.headers["Content-Security-Policy"]?.contains("form-action http://localhost:8080;") == true)
        #expect(answer.headers["Content-Security-Policy"]?.contains("script-src 'self'") == true)
        #expect(answer.text.contains(#"<script src="/emulator/form-post.js"></script>"#))
        #expect(!answer.text.contains("<script>"))
        let script = try fixture.http.get(fixture.url("/emulator/form-post.js"))
        #expect(script.headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(script.text.contains("form[data-auto-submit]"))

        let posted = try #require(HTMLForm(answer.text))
        #expect(posted.action == EmulatorFixture.redirectURI)
        #expect(posted.fields.map(\.name) == ["state", "code", "id_token", "user"])
        #expect(posted["state"] == "state-1")
        let code = try #require(posted["code"])
        #expect(code.wholeMatch(of: /c[0-9a-f]{32}\.0\.[a-z]{5}\.[A-Za-z0-9_-]{22}/) != nil)
        #expect(posted["user"] == #"{"email":"Ada@Example.com","name":{"firstName":"Ada","lastName":"Lovelace"}}"#)

        let authorizeToken = try fixture.verify(try #require(posted["id_token"]))
        #expect(authorizeToken.aud == [EmulatorFixture.webClientID])
        #expect(authorizeToken.nonce == "nonce-1")
        #expect(authorizeToken["c_hash"] == .string(halfHash(code)))
        #expect(authorizeToken["at_hash"] == nil)

        let exchanged = try fixture.exchange(code: code)
        #expect(exchanged.status == 200)
        #expect(exchanged.headers["Content-Type"] == "application/json;charset=ISO-8859-1")
        #expect(exchanged.headers["Cache-Control"] == "no-store")
        let tokens = exchanged.json
        #expect(tokens.objectValue?.keys.sorted() == ["access_token", "expires_in", "id_token", "refresh_token", "token_type"])
        #expect(tokens["token_type"] == "Bearer")
        #expect(tokens["expires_in"] == 3600)
        let accessToken = try #require(tokens["access_token"]?.stringValue)
        #expect(accessToken.hasPrefix("a") && tokens["refresh_token"]?.stringValue?.hasPrefix("r") == true)

        let claims = try fixture.verify(try #require(tokens["id_token"]?.stringValue))
        #expect(claims.header.alg == "RS256" && claims.header.typ == nil)
        #expect(claims.aud == [EmulatorFixture.webClientID])
        let subject = try #require(claims.sub)
        #expect(subject.wholeMatch(of: /[0-9]{6}\.[0-9a-f]{32}\.[0-9]{4}/) != nil)
        #expect(subject == authorizeToken.sub)
        #expect(claims["email"] == "Ada@Example.com")
        #expect(claims["email_verified"] == true)
        #expect(claims["is_private_email"] == nil)
        #expect(claims["at_hash"] == .string(halfHash(accessToken)))
        #expect(claims["c_hash"] == nil)
        #expect(claims.nonce == "nonce-1")
        #expect(claims["nonce_supported"] == true)
        #expect(claims["real_user_status"] == nil)
        #expect(claims["auth_time"] == .number(fixture.clock.now().timeIntervalSince1970.rounded(.down)))
        #expect(claims.exp.timeIntervalSince(try #require(claims.iat)) == 600)
    }

    /// Apple's page offers the Apple ID this browser used last; the emulator's did not, so a second Sign in with
    /// Apple from the sample address made a second account.
    @Test func theConsentPageOffersTheAppleIDThisBrowserContinuedWithLast() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        func offeredAppleID(_ page: HTTPClientResponse) -> String? {
            page.text.firstMatch(of: /name="apple_id" value="([^"]*)"/).map { String($0.1) }
        }
        #expect(offeredAppleID(try fixture.http.get(fixture.authorizeURL())) == "appleseed@example.com")

        let answer = try fixture.submitConsent(fixture.authorizeURL(), appleID: "ada+books@example.com")
        let cookie = try #require(answer.headers["Set-Cookie"])
        #expect(cookie.hasPrefix("emulator_apple_id=ada%2Bbooks@example.com;") && cookie.contains("HttpOnly"), "\(cookie)")
        let again = try fixture.http.get(fixture.authorizeURL(), headers: ["Cookie": String(cookie.prefix { $0 != ";" })])
        #expect(offeredAppleID(again) == "ada+books@example.com")

        let forged = try fixture.http.get(fixture.authorizeURL(), headers: ["Cookie": "emulator_apple_id=%22%3E%3Cscript%3E"])
        #expect(offeredAppleID(forged) == "appleseed@example.com", "only an address is offered")
    }

    @Test func userIsSentOnTheFirstAuthorizationOnlyAndAgainOnceItIsRevoked() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let first = try fixture.signIn()
        #expect(first["user"] != nil)
        let tokens = try fixture.exchange(code: try #require(first["code"])).json
        let refreshToken = try #require(tokens["refresh_token"]?.stringValue)
        let subject = try fixture.verify(try #require(tokens["id_token"]?.stringValue)).sub

        let second = try fixture.signIn()
        #expect(second["user"] == nil)
        // The email granted at first consent is still in every later token.
        #expect(try fixture.verify(try #require(second["id_token"]))["email"] == "appleseed@example.com")

        let revoked = try fixture.revoke(refreshToken)
        #expect(revoked.status == 200 && revoked.body.isEmpty)
        #expect(fixture.emulator.revocations.map(\.kind) == [.refreshToken])
        #expect(fixture.emulator.revocations.first?.subject == subject)
        #expect(fixture.emulator.revocations.first?.tokenTypeHint == "refresh_token")
        #expect(try fixture.refresh(refreshToken).json["error"] == "invalid_grant")
        // A code issued before the revocation goes with it.
        #expect(try fixture.exchange(code: try #require(second["code"])).json["error_description"]
            == "The code has expired or has been revoked.")

        let third = try fixture.signIn()
        #expect(third["user"] != nil)
        #expect(try fixture.verify(try #require(third["id_token"])).sub == subject)
    }

    @Test func hideMyEmailGivesOneRelayAddressPerAppleIDAndTeam() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let hidden = try fixture.verify(try #require(try fixture.signIn(hideEmail: true)["id_token"]))
        let relay = try #require(hidden["email"]?.stringValue)
        #expect(relay.wholeMatch(of: /[a-z0-9]{10}@privaterelay\.appleid\.com/) != nil)
        #expect(hidden["is_private_email"] == true)
        #expect(hidden["email_verified"] == true)
        #expect(try fixture.signIn(hideEmail: true)["user"] == nil)

        let otherTeam = try fixture.verify(
            try #require(try fixture.signIn(hideEmail: true, clientID: EmulatorFixture.otherWebClientID)["id_token"])
        )
        #expect(otherTeam.aud == [EmulatorFixture.otherWebClientID])
        #expect(otherTeam["email"]?.stringValue?.hasSuffix("@privaterelay.appleid.com") == true)
        #expect(otherTeam["email"] != hidden["email"])
        #expect(otherTeam.sub != hidden.sub)
    }

    @Test func withoutTheEmailScopeTokensCarryNoEmailAndUserOnlyTheName() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let posted = try fixture.signIn(scope: "name")
        #expect(posted["user"] == #"{"name":{"firstName":"Ada","lastName":"Lovelace"}}"#)
        let claims = try fixture.verify(try #require(posted["id_token"]))
        #expect(claims["email"] == nil && claims["email_verified"] == nil)
    }

    @Test func cancelPostsUserCancelledAuthorizeAndTheState() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let answer = try fixture.submitConsent(fixture.authorizeURL(state: "s&t=1"), action: "cancel")
        let posted = try #require(HTMLForm(answer.text))
        #expect(posted.action == EmulatorFixture.redirectURI)
        #expect(posted.fields.map(\.name) == ["error", "state"])
        #expect(posted["error"] == "user_cancelled_authorize")
        #expect(posted["state"] == "s&t=1")
    }

    @Test func queryAndFragmentModesRedirectWithTheCode() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let query = try fixture.submitConsent(
            fixture.authorizeURL(responseType: "code", responseMode: "query", scope: nil, state: "a b")
        )
        #expect(query.status == 302)
        let location = try #require(query.headers["Location"])
        #expect(location.wholeMatch(of: /http:\/\/localhost:8080\/auth\/apple\/callback\?state=a\+b&code=c[^&]+/) != nil)

        let fragment = try fixture.submitConsent(
            fixture.authorizeURL(responseType: "code id_token", responseMode: "fragment", scope: nil)
        )
        #expect(fragment.headers["Location"]?.contains("#state=state-1&code=c") == true)
        #expect(fragment.headers["Location"]?.contains("&id_token=ey") == true)
    }

    @Test(arguments: [
        (["client_id": "com.unknown"], "invalid_client"),
        (["redirect_uri": "https://evil.example/callback"], "Invalid web redirect url."),
        (["response_mode": "query"], "response_mode must be form_post when name or email scope is requested."),
        (["response_type": "id_token"], "Requesting only id_token is unsupported."),
        (["response_type": "token"], "unsupported_response_type"),
        (["response_mode": "query", "scope": ""], "When requesting id_token, response_mode must be either fragment or form_post."),
    ])
    func anAuthorizationRequestAppleRefusesShowsItsErrorAndGoesNowhere(changes: [String: String], text: String) throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        var fields = [
            "client_id": EmulatorFixture.webClientID, "redirect_uri": EmulatorFixture.redirectURI,
            "response_type": "code id_token", "response_mode": "form_post", "scope": "name email",
        ]
        fields.merge(changes) { $1 }
        let page = try fixture.http.get(fixture.url("/auth/authorize?" + URLEncodedFields(fields.map { ($0, $1) }).encoded))
        #expect(page.status == 400)
        #expect(page.text.contains(text))
        #expect(page.headers["Location"] == nil)
        #expect(HTMLForm(page.text) == nil)
    }

    @Test func theConsentPageCarriesHostileParametersAsTextAndAsksAgainForAMissingAppleID() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let hostile = #""><script>alert(1)</script>"#
        let page = try fixture.http.get(fixture.authorizeURL(state: hostile, nonce: hostile))
        #expect(!page.text.contains("<script>"))
        #expect(page.text.contains("&quot;&gt;&lt;script&gt;"))
        #expect(HTMLForm(page.text)?["state"] == hostile)

        let retry = try fixture.submitConsent(fixture.authorizeURL(), appleID: "not an address")
        #expect(retry.status == 400)
        #expect(retry.text.contains("Enter the email address of an Apple ID."))
        #expect(HTMLForm(retry.text)?.action == "/auth/authorize")
    }
}
