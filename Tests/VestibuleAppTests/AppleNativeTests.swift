import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleCrypto
import VestibuleHTTP
import VestibuleHTTPClient
import VestibuleJSON

/// Sign in with Apple from a native app through `/api/v1/apple/…`, against the built-in emulator standing in
/// for `ASAuthorizationAppleIDProvider`: the nonce Vestibule issues, hashed by the app; the identity token
/// for the bundle ID; the code exchanged without a redirect URI; the name the app received on first sight.
@Suite struct AppleNativeTests {
    @Test func anAppSignsInWithAppleStoresTheNameOnceAndGetsASessionToken() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let nonce = try issueNonce(app)
        let credential = try authorize(app, appleID: "ada@icloud.example", nonce: Hex.encode(SHA2.sha256(nonce)))

        let reply = try signIn(app, credential, nonce: nonce, name: (credential["fullName"]?["givenName"]?.stringValue, "Lovelace"))
        #expect(reply.status == .ok, "\(reply.text)")
        let json = try #require(JSONValue(parsing: reply.body))
        let token = try #require(json["sessionToken"]?.stringValue)
        #expect(json["redirect"]?.stringValue == "/welcome", "a new account is welcomed first")
        #expect(reply.headers["Set-Cookie"] == nil, "an app gets a token, not a cookie")

        let accountID = AccountID(rawValue: try #require(json["accountID"]?.stringValue))
        let account = try #require(try app.withStore { try $0.account(id: accountID) })
        #expect(account.displayName?.hasSuffix("Lovelace") == true)
        #expect(account.email == credential["email"]?.stringValue, "the email comes from the signed token")
        let record = try #require(try app.withStore { try $0.appleIdentities(of: accountID) }.first)
        #expect(record.clientID == "dev.vestibule.app", "the code was exchanged as the app's bundle ID")
        #expect(record.sealedRefreshToken != nil, "the refresh token is kept, sealed, for revocation")

        // The token works as a bearer session on the API.
        let options = try app.respond(
            "/api/v1/passkeys/registration/options", method: .post,
            headers: ["Content-Type": "application/json", "Authorization": "Bearer \(token)"], body: "{}"
        )
        #expect(options.status == .ok)
    }

    @Test func aNonceIsUsedOnceAndMustBeTheOneTheTokenCarriesHashed() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let nonce = try issueNonce(app)
        let credential = try authorize(app, appleID: "grace@icloud.example", nonce: Hex.encode(SHA2.sha256(nonce)))
        #expect(try signIn(app, credential, nonce: nonce).status == .ok)

        let replay = try signIn(app, credential, nonce: nonce)
        #expect(replay.status == .badRequest)
        #expect(JSONValue(parsing: replay.body)?["error"]?.stringValue == "invalidState")

        // The raw nonce in the token (an app that forgot to hash) is not this sign-in's hashed nonce.
        let second = try issueNonce(app)
        let unhashed = try authorize(app, appleID: "grace@icloud.example", nonce: second)
        let refused = try signIn(app, unhashed, nonce: second)
        #expect(refused.status == .badRequest)
        #expect(JSONValue(parsing: refused.body)?["error"]?.stringValue == "nonceMismatch")
    }

    @Test func aTokenIssuedToTheWebServicesIDIsRefusedOnTheNativeAPI() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let nonce = try issueNonce(app)
        let web = try authorize(app, appleID: "katherine@icloud.example", nonce: Hex.encode(SHA2.sha256(nonce)), clientID: "dev.vestibule.web")
        let refused = try signIn(app, web, nonce: nonce)
        #expect(refused.status == .badRequest)
        #expect(JSONValue(parsing: refused.body)?["error"]?.stringValue == "invalidToken")
    }

    // MARK: Steps

    private func issueNonce(_ app: TestApplication) throws -> String {
        let reply = try app.respond(
            "/api/v1/apple/nonce", method: .post, headers: ["Content-Type": "application/json"], body: "{}"
        )
        return try #require(JSONValue(parsing: reply.body)?["nonce"]?.stringValue)
    }

    /// What `ASAuthorizationAppleIDCredential` gives the app, from the emulator.
    private func authorize(
        _ app: TestApplication, appleID: String, nonce: String, clientID: String = "dev.vestibule.app"
    ) throws -> JSONValue {
        let emulator = try #require(app.appleEmulatorOrigin)
        let response = try HTTPClient(userAgent: "test").postJSON(
            emulator + "/emulator/native-authorization",
            body: Array(#"{"clientID":"\#(clientID)","appleID":"\#(appleID)","nonce":"\#(nonce)","firstName":"Ada"}"#.utf8)
        )
        return try #require(JSONValue(parsing: response.body), "\(response.status)")
    }

    private func signIn(
        _ app: TestApplication, _ credential: JSONValue, nonce: String, name: (String?, String?)? = nil
    ) throws -> Response {
        var fields: [String: JSONValue] = [
            "identityToken": credential["identityToken"] ?? .null,
            "authorizationCode": credential["authorizationCode"] ?? .null,
            "nonce": .string(nonce),
        ]
        if let name {
            fields["name"] = ["firstName": name.0.map(JSONValue.string) ?? .null, "lastName": name.1.map(JSONValue.string) ?? .null]
        }
        let body: JSONValue = ["credential": .object(fields), "sessionDelivery": "token"]
        return try app.respond(
            "/api/v1/apple/native", method: .post, headers: ["Content-Type": "application/json"],
            body: String(decoding: body.serialized, as: UTF8.self)
        )
    }
}
