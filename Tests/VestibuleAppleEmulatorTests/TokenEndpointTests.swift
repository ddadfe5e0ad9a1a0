import Foundation
import Testing
import VestibuleAppleEmulator
import VestibuleCrypto
import VestibuleHTTP
import VestibuleJSON

@Suite struct TokenEndpointTests {
    @Test func aCodeExchangesOnceAndTheSecondTimeIsInvalidGrant() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let code = try #require(try fixture.signIn()["code"])
        #expect(try fixture.exchange(code: code).status == 200)
        let again = try fixture.exchange(code: code)
        #expect(again.status == 400)
        #expect(again.text == #"{"error":"invalid_grant","error_description":"The code has already been used."}"#)
    }

    @Test func aCodeOlderThanFiveMinutesIsInvalidGrant() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let code = try #require(try fixture.signIn()["code"])
        fixture.clock.advance(by: 300)
        let late = try fixture.exchange(code: code)
        #expect(late.status == 400)
        #expect(late.text == #"{"error":"invalid_grant","error_description":"The code has expired or has been revoked."}"#)
        #expect(try fixture.exchange(code: "c0.0.unknown.code").json["error_description"]
            == "The code has expired or has been revoked.")
    }

    @Test func aCodeExchangedByAnotherClientOrForAnotherRedirectIsInvalidGrant() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let code = try #require(try fixture.signIn()["code"])
        let otherClient = try fixture.exchange(code: code, clientID: EmulatorFixture.appClientID)
        #expect(otherClient.json["error_description"]
            == .string("client_id mismatch. The code was not issued to \(EmulatorFixture.appClientID)."))
        let otherRedirect = try fixture.exchange(code: code, redirectURI: "http://localhost:8080/other")
        #expect(otherRedirect.json["error_description"]
            == .string("redirect_uri mismatch. The code was not issued to http://localhost:8080/other."))
        #expect(try fixture.exchange(code: code, redirectURI: nil).json["error"] == "invalid_grant")
        // None of those used the code up.
        #expect(try fixture.exchange(code: code).status == 200)
    }

    /// Client secrets Apple refuses, each wrong in one way, and the boundary case it accepts.
    @Test(arguments: [
        "signed with another key", "sub is another client", "iss is another team", "kid is another key",
        "aud is Apple", "exp more than six months after iat", "iat in the future", "expired", "not a JWT", "HS256",
    ])
    func aClientSecretAppleWouldRefuseIsInvalidClient(_ flaw: String) throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let now = fixture.clock.now()
        let secret: String = switch flaw {
        case "signed with another key": try fixture.clientSecret(key: fixture.otherOperatorKey)
        case "sub is another client": try fixture.clientSecret(clientID: EmulatorFixture.appClientID)
        case "iss is another team": try fixture.clientSecret(teamID: EmulatorFixture.otherTeamID)
        case "kid is another key": try fixture.clientSecret(keyID: "KEYIDOTHER")
        case "aud is Apple": try fixture.clientSecret(audience: "https://appleid.apple.com")
        case "exp more than six months after iat": try fixture.clientSecret(lifetime: 15_777_001)
        case "iat in the future": try fixture.clientSecret(issuedAt: now.addingTimeInterval(60))
        case "expired": try fixture.clientSecret(issuedAt: now.addingTimeInterval(-7200))
        case "not a JWT": "not-a-jwt-value"
        default: Self.hs256Secret(fixture)
        }
        let code = try #require(try fixture.signIn()["code"])
        let refused = try fixture.exchange(code: code, secret: secret)
        #expect(refused.status == 400)
        #expect(refused.text == #"{"error":"invalid_client"}"#)
        #expect(!fixture.log.text.contains(secret))
        // Six months to the second is still accepted, and the refused attempt did not use the code.
        #expect(try fixture.exchange(code: code, secret: try fixture.clientSecret(lifetime: 15_777_000)).status == 200)
    }

    /// A token whose header names HS256, signed with HMAC: the key-confusion attempt a verifier refuses on the
    /// header's `alg`, before it uses any key.
    private static func hs256Secret(_ fixture: EmulatorFixture) -> String {
        let header = Base64URL.encode(Array(#"{"alg":"HS256","kid":"KEYID12345"}"#.utf8))
        let now = Int(fixture.clock.now().timeIntervalSince1970)
        let claims = #"{"iss":"A1B2C3D4E5","sub":"\#(EmulatorFixture.webClientID)","aud":"\#(fixture.emulator.issuer)","iat":\#(now),"exp":\#(now + 60)}"#
        let input = header + "." + Base64URL.encode(Array(claims.utf8))
        let key = Array((fixture.operatorKey.publicJWK(keyID: "KEYID12345").x ?? "").utf8)
        return input + "." + Base64URL.encode(HMAC.sha256(key: key, message: Array(input.utf8)))
    }

    @Test func theRefreshGrantGivesANewAccessTokenAndAnIDTokenWithoutSignInClaims() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let tokens = try fixture.exchange(code: try #require(try fixture.signIn(hideEmail: true)["code"])).json
        let refreshToken = try #require(tokens["refresh_token"]?.stringValue)
        fixture.clock.advance(by: 86_400)
        let refreshed = try fixture.refresh(refreshToken)
        #expect(refreshed.status == 200)
        #expect(refreshed.json.objectValue?.keys.sorted() == ["access_token", "expires_in", "id_token", "token_type"])
        let accessToken = try #require(refreshed.json["access_token"]?.stringValue)
        #expect(accessToken != tokens["access_token"]?.stringValue)
        let claims = try fixture.verify(try #require(refreshed.json["id_token"]?.stringValue))
        #expect(claims["at_hash"] == .string(halfHash(accessToken)))
        #expect(claims["is_private_email"] == true)
        for absent in ["auth_time", "nonce_supported", "nonce", "c_hash"] { #expect(claims[absent] == nil) }
        // The refresh token belongs to the client it was issued to.
        #expect(try fixture.refresh(refreshToken, clientID: EmulatorFixture.appClientID).text
            == #"{"error":"invalid_grant","error_description":"The token has expired or has been revoked."}"#)
    }

    @Test func malformedTokenRequestsGetApplesErrors() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let secret = try fixture.clientSecret()
        let cases: [([(String, String)], String)] = [
            ([("client_id", EmulatorFixture.webClientID), ("client_secret", secret), ("grant_type", "password")],
             #"{"error":"unsupported_grant_type"}"#),
            ([("client_id", EmulatorFixture.webClientID), ("client_secret", secret), ("grant_type", "authorization_code")],
             #"{"error":"invalid_request","error_description":"The request is missing the code parameter."}"#),
            ([("client_id", "com.unknown"), ("client_secret", secret), ("grant_type", "authorization_code")],
             #"{"error":"invalid_client"}"#),
            ([("client_id", EmulatorFixture.webClientID), ("grant_type", "authorization_code")], #"{"error":"invalid_client"}"#),
        ]
        for (fields, expected) in cases {
            let response = try fixture.http.postForm(fixture.url("/auth/token"), fields: URLEncodedFields(fields))
            #expect(response.status == 400)
            #expect(response.text == expected)
        }
        let json = try fixture.http.postJSON(fixture.url("/auth/token"), body: Array("{}".utf8))
        #expect(json.json["error"] == "invalid_request")
    }

    @Test func revokeAnswers200ForAnyTokenOfAnAuthenticatedClientAndRefusesOthers() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let tokens = try fixture.exchange(code: try #require(try fixture.signIn()["code"])).json
        let unknown = try fixture.revoke("r-not-a-token")
        #expect(unknown.status == 200 && unknown.body.isEmpty)
        let access = try fixture.revoke(try #require(tokens["access_token"]?.stringValue), hint: "access_token")
        #expect(access.status == 200)
        #expect(fixture.emulator.revocations.map(\.kind) == [.unknown, .accessToken])
        // Revoking the access token ended the authorization the refresh token belongs to.
        #expect(try fixture.refresh(try #require(tokens["refresh_token"]?.stringValue)).json["error"] == "invalid_grant")

        let unauthenticated = try fixture.http.postForm(fixture.url("/auth/revoke"), fields: URLEncodedFields([
            ("client_id", EmulatorFixture.webClientID), ("client_secret", "x"), ("token", "r-not-a-token"),
        ]))
        #expect(unauthenticated.status == 400 && unauthenticated.text == #"{"error":"invalid_client"}"#)
        #expect(fixture.emulator.revocations.count == 2)
    }
}
