import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleJSON

/// `GET /api/v1/session`: how the person is signed in (SIWA-8) and their relay status (SIWA-12), for apps.
@Suite struct SessionAPITests {
    @Test func theSessionSaysHowThePersonSignedInAndWhereRelayMailGoes() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (account, cookie) = try app.signIn()
        let token = String(cookie.dropFirst("vestibule_session=".count))

        let signedIn = try app.respond("/api/v1/session", headers: ["Authorization": "Bearer \(token)"])
        #expect(signedIn.status == .ok)
        #expect(signedIn.headers["Cache-Control"] == "no-store")
        var json = try #require(JSONValue(parsing: signedIn.body))
        #expect(json["accountID"]?.stringValue == account.id.rawValue)
        #expect(json["signedInWith"]?.stringValue == "apple")
        #expect(json["methods"] == ["apple"])
        #expect(json["apple"]?[0]?["isPrivateEmail"] == true)
        #expect(json["apple"]?[0]?["emailForwarding"]?.stringValue == "on")

        try app.withStore { store in
            let subject = try #require(try store.appleIdentities(of: account.id).first).subject
            try store.setAppleEmailForwarding(subject: subject, disabledAt: Date(), at: Date())
        }
        json = try #require(JSONValue(parsing: try app.respond("/api/v1/session", headers: ["Cookie": cookie]).body))
        #expect(json["apple"]?[0]?["emailForwarding"]?.stringValue == "off")

        let anonymous = try app.respond("/api/v1/session")
        #expect(anonymous.status == .unauthorized)
        #expect(JSONValue(parsing: anonymous.body)?["error"]?.stringValue == "signInRequired")
    }
}
