import Foundation
import Testing
import VestibuleAppleEmulator
import VestibuleCrypto
import VestibuleHTTP
import VestibuleHTTPClient
import VestibuleJSON

@Suite struct KeysAndNotificationsTests {
    @Test func afterARotationNewTokensNameANewKeyAndTheOldKeyStaysPublished() throws {
        let fixture = try EmulatorFixture()
        defer { fixture.stop() }
        let before = try fixture.verify(try #require(try fixture.signIn()["id_token"]))
        try fixture.emulator.rotateKeys()
        let afterToken = try #require(try fixture.signIn()["id_token"])
        let after = try fixture.verify(afterToken)
        let oldKeyID = try #require(before.header.kid)
        let newKeyID = try #require(after.header.kid)
        #expect(oldKeyID != newKeyID)
        #expect(newKeyID.wholeMatch(of: /[A-Za-z0-9]{10}/) != nil)
        let keys = try JSONDecoder().decode(JWKS.self, from: Data(try fixture.http.get(fixture.url("/auth/keys")).body))
        #expect(keys.keys.map(\.kid) == [newKeyID, oldKeyID])
        #expect(keys.keys.allSatisfy { $0.kty == "RSA" && $0.alg == "RS256" && $0.use == "sig" && $0.e == "AQAB" })
        // A relying party that cached only the old key cannot verify the new token until it refetches.
        let stale = KeyCache(jwks: JWKS(keys: keys.keys.filter { $0.kid == oldKeyID }))
        #expect(throws: JWSError(.unknownKeyID)) {
            try JWTValidator(keys: stale, allowedAlgorithms: [.rs256]).verify(afterToken, now: fixture.clock.now())
        }
    }

    @Test func anEmailNotificationArrivesSignedWithItsEventsAsAJSONString() throws {
        let relyingParty = try RelyingParty()
        defer { relyingParty.stop() }
        let fixture = try EmulatorFixture(notificationURL: relyingParty.notificationURL)
        defer { fixture.stop() }
        let idToken = try #require(try fixture.signIn(hideEmail: true)["id_token"])
        let subject = try #require(try fixture.verify(idToken).sub)

        let answer = try notify(fixture, type: "email-disabled", sub: subject)
        #expect(answer.status == 200)
        let delivery = try #require(relyingParty.requests(to: RelyingParty.notificationsPath).first)
        #expect(delivery.headers["Content-Type"] == "application/json")
        #expect(delivery.headers["User-Agent"]?.isEmpty == false)
        let body = try #require(JSONValue(parsing: delivery.body))
        #expect(body.objectValue?.keys.sorted() == ["payload"])
        let claims = try fixture.verify(try #require(body["payload"]?.stringValue))
        #expect(claims.aud == [EmulatorFixture.webClientID])
        #expect(claims.exp.timeIntervalSince(try #require(claims.iat)) == 86_400)
        #expect(claims["jti"]?.stringValue?.isEmpty == false)
        #expect(answer.json["jti"] == claims["jti"])
        let eventsText = try #require(claims["events"]?.stringValue, "events must be a string")
        let events = try #require(JSONValue(parsing: Array(eventsText.utf8)))
        #expect(events["type"] == "email-disabled")
        #expect(events["sub"] == .string(subject))
        #expect(events["event_time"] == .number(fixture.clock.now().timeIntervalSince1970 * 1000))
        #expect(events["email"]?.stringValue?.hasSuffix("@privaterelay.appleid.com") == true)
        #expect(events["is_private_email"] == "true")
    }

    @Test func consentRevokedEndsTheAuthorizationAndTheEmulatorAnswersWithTheReceiversStatus() throws {
        let relyingParty = try RelyingParty()
        defer { relyingParty.stop() }
        let fixture = try EmulatorFixture(notificationURL: relyingParty.notificationURL)
        defer { fixture.stop() }
        let tokens = try fixture.exchange(code: try #require(try fixture.signIn()["code"])).json
        let idToken = try #require(tokens["id_token"]?.stringValue)
        let subject = try #require(try fixture.verify(idToken).sub)

        relyingParty.answerNotifications(with: .internalServerError)
        #expect(try notify(fixture, type: "consent-revoked", sub: subject).status == 500)
        let delivery = try #require(relyingParty.requests(to: RelyingParty.notificationsPath).last)
        let claims = try fixture.verify(try #require(JSONValue(parsing: delivery.body)?["payload"]?.stringValue))
        let eventsText = try #require(claims["events"]?.stringValue)
        let events = try #require(JSONValue(parsing: Array(eventsText.utf8)))
        #expect(events.objectValue?.keys.sorted() == ["event_time", "sub", "type"])
        #expect(try fixture.refresh(try #require(tokens["refresh_token"]?.stringValue)).json["error"] == "invalid_grant")
        #expect(try fixture.signIn()["user"] != nil)

        relyingParty.answerNotifications(with: .noContent)
        #expect(try notify(fixture, type: "account-delete", sub: subject).status == 204)
    }

    @Test func notificationsTheEmulatorCannotSendAreRefused() throws {
        let fixture = try EmulatorFixture(notificationURL: "http://127.0.0.1:1/unreachable")
        defer { fixture.stop() }
        let idToken = try #require(try fixture.signIn()["id_token"])
        let subject = try #require(try fixture.verify(idToken).sub)
        #expect(try notify(fixture, type: "email-exploded", sub: subject).status == 400)
        #expect(try notify(fixture, type: "email-enabled", sub: "000000.unknown.0000").status == 404)
        #expect(try notify(fixture, type: "email-enabled", sub: subject, clientID: EmulatorFixture.otherWebClientID).status == 409)
        let unreachable = try notify(fixture, type: "email-enabled", sub: subject)
        #expect(unreachable.status == 502)
        #expect(unreachable.text.contains("http://127.0.0.1:1"))
    }

    private func notify(
        _ fixture: EmulatorFixture, type: String, sub: String, clientID: String = EmulatorFixture.webClientID
    ) throws -> HTTPClientResponse {
        let body: JSONValue = ["type": .string(type), "sub": .string(sub), "clientID": .string(clientID)]
        return try fixture.http.postJSON(fixture.url("/emulator/notify"), body: body.serialized)
    }
}
