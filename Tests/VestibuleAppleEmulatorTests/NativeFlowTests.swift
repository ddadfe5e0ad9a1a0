import Foundation
import Testing
import VestibuleAppleEmulator
import VestibuleCrypto
import VestibuleHTTPClient
import VestibuleJSON

@Suite struct NativeFlowTests {
    /// What an iOS app receives from `ASAuthorizationController`, requested by the test as the app would.
    private func authorize(
        _ fixture: EmulatorFixture, appleID: String = "appleseed@example.com", nonce: String? = nil,
        extra: [String: JSONValue] = [:]
    ) throws -> HTTPClientResponse {
        var request: [String: JSONValue] = ["clientID": .string(EmulatorFixture.appClientID), "appleID": .string(appleID)]
        if let nonce { request["nonce"] = .string(nonce) }
        request.merge(extra) { $1 }
        return try fixture.http.postJSON(fixture.url("/emulator/native-authorization"), body: JSONValue.object(request).serialized)
    }

    @Test func aNativeAuthorizationGivesAnIdentityTokenForTheBundleIDAndACodeExchangedWithoutRedirectURI() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let rawNonce = "raw-nonce-from-the-server"
        let hashedNonce = SHA2.sha256(rawNonce).map { String(format: "%02x", $0) }.joined()
        let answer = try authorize(fixture, nonce: hashedNonce, extra: ["state": "app-state", "hideEmail": true])
        #expect(answer.status == 200)
        let credential = answer.json
        #expect(credential["state"] == "app-state")
        #expect(credential["authorizedScopes"] == ["name", "email"])
        #expect(credential["fullName"] == ["givenName": "John", "familyName": "Appleseed"])
        #expect(credential["realUserStatus"] == 2)
        let code = try #require(credential["authorizationCode"]?.stringValue)

        let identity = try fixture.verify(try #require(credential["identityToken"]?.stringValue))
        #expect(identity.aud == [EmulatorFixture.appClientID])
        #expect(identity.sub == credential["user"]?.stringValue)
        #expect(identity.nonce == hashedNonce)
        #expect(identity["c_hash"] == .string(halfHash(code)))
        #expect(identity["real_user_status"] == 2)
        #expect(identity["email"] == credential["email"])
        #expect(identity["is_private_email"] == true)

        let withRedirect = try fixture.exchange(code: code, clientID: EmulatorFixture.appClientID)
        #expect(withRedirect.json["error_description"]
            == .string("redirect_uri mismatch. The code was not issued to \(EmulatorFixture.redirectURI)."))
        let exchanged = try fixture.exchange(code: code, clientID: EmulatorFixture.appClientID, redirectURI: nil)
        #expect(exchanged.status == 200)
        let claims = try fixture.verify(try #require(exchanged.json["id_token"]?.stringValue))
        #expect(claims.aud == [EmulatorFixture.appClientID])
        #expect(claims["real_user_status"] == 2)
        #expect(claims["at_hash"] == .string(halfHash(try #require(exchanged.json["access_token"]?.stringValue))))
    }

    @Test func aLaterNativeAuthorizationHasNoNameOrEmailAndTheSameSubAsTheWeb() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let web = try fixture.verify(try #require(try fixture.signIn()["id_token"]))
        let native = try authorize(fixture).json
        #expect(native["user"] == web.sub.map(JSONValue.string))
        #expect(native["email"] == nil && native["fullName"] == nil)
        // The email granted on the web is in the app's token too.
        #expect(try fixture.verify(try #require(native["identityToken"]?.stringValue))["email"] == "appleseed@example.com")
        #expect(try fixture.verify(try #require(native["identityToken"]?.stringValue)).nonce == nil)
    }

    @Test func aNativeAuthorizationForAnUnknownClientOrAppleIDIsRefused() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        #expect(try authorize(fixture, extra: ["clientID": "com.unknown.app"]).status == 400)
        #expect(try authorize(fixture, appleID: "nobody").status == 400)
    }
}
