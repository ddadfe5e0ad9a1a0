import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCore
import VestibuleHTTP

/// A public client (a single-page or native app): no secret, so PKCE always, and its page may read the token and
/// userinfo answers from its own origin (CORS), which no other origin may.
@Suite struct OpenIDPublicClientTests {
    static let spa = "https://spa.example.com"

    private static func application() throws -> TestApplication {
        let client = RegisteredApp(
            id: "spa", name: "Reading List", keyDigest: nil, returnURLs: [],
            openID: OpenIDClientSettings(redirectURIs: ["\(spa)/callback"], isPublic: true, isFirstParty: true)
        )
        return try TestApplication { $0.apps = AppRegistry([client]) }
    }

    private static func authorization(_ party: OpenIDRelyingParty, _ extra: [String: String] = [:]) -> String {
        var parameters = ["client_id": "spa", "redirect_uri": "\(spa)/callback"]
        parameters.merge(extra) { _, new in new }
        return party.authorizationPath(parameters)
    }

    @Test func aPublicClientRedeemsWithPKCEAloneAndItsPageMayReadTheAnswer() throws {
        let app = try Self.application()
        defer { app.application.shutdown() }
        let browser = FormClient(app)
        try browser.createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")
        let party = OpenIDRelyingParty(app: app)

        let withoutPKCE = try browser.get(Self.authorization(party, ["code_challenge": ""]))
        #expect(URLComponents(string: withoutPKCE.headers["Location"] ?? "")?.queryItems?.first { $0.name == "error" }?.value == "invalid_request")

        let answer = try browser.get(Self.authorization(party))
        let code = try #require(URLComponents(string: answer.headers["Location"] ?? "")?.queryItems?.first { $0.name == "code" }?.value)
        var headers = HTTPHeaders()
        headers.replace("Content-Type", "application/x-www-form-urlencoded")
        headers.replace("Origin", Self.spa)
        let tokens = try app.respond(
            "/oidc/token", method: .post, headers: headers,
            body: FormBody.encode([
                "grant_type": "authorization_code", "code": code, "redirect_uri": "\(Self.spa)/callback",
                "code_verifier": party.verifier, "client_id": "spa",
            ])
        )
        #expect(tokens.status == .ok)
        #expect(tokens.headers["Access-Control-Allow-Origin"] == Self.spa)

        var preflight = HTTPHeaders()
        preflight.replace("Origin", Self.spa)
        preflight.replace("Access-Control-Request-Method", "GET")
        preflight.replace("Access-Control-Request-Headers", "authorization")
        let allowed = try app.respond("/oidc/userinfo", method: .options, headers: preflight)
        #expect(allowed.headers["Access-Control-Allow-Origin"] == Self.spa)
        #expect(allowed.headers["Access-Control-Allow-Headers"]?.contains("Authorization") == true)
        preflight.replace("Origin", "https://evil.example")
        #expect(try app.respond("/oidc/userinfo", method: .options, headers: preflight).headers["Access-Control-Allow-Origin"] == nil)
    }

    @Test func aPublicClientThatSendsASecretOrAnotherOriginsPageGetsNothing() throws {
        let app = try Self.application()
        defer { app.application.shutdown() }
        var headers = HTTPHeaders()
        headers.replace("Content-Type", "application/x-www-form-urlencoded")
        headers.replace("Origin", "https://evil.example")
        let refused = try app.respond(
            "/oidc/token", method: .post, headers: headers,
            body: FormBody.encode(["grant_type": "authorization_code", "code": "x", "client_id": "spa", "client_secret": "guess"])
        )
        #expect(refused.status == .unauthorized)
        #expect(refused.headers["Access-Control-Allow-Origin"] == nil)
    }
}
