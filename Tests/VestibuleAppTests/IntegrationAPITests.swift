import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleCrypto
import VestibuleHTTP
import VestibuleJSON
import VestibuleLogging

/// `POST /api/v1/token` and `GET /api/v1/forward-auth`: what other apps and reverse proxies rely on.
@Suite struct IntegrationAPITests {
    @Test func anAccessTokenVerifiesWithThePublishedKeysAndNamesTheAccountAndHowItSignedIn() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (account, cookie) = try app.signIn()
        let origin = app.application.configuration.origin

        let reply = try requestToken(from: app, cookie: cookie)
        #expect(reply.status == .ok)
        #expect(reply.headers["Cache-Control"] == "no-store")
        let json = try #require(JSONValue(parsing: reply.body))
        #expect(json["tokenType"]?.stringValue == "Bearer")
        #expect(json["expiresIn"] == 300)
        let token = try #require(json["accessToken"]?.stringValue)

        let claims = try validator(publishedBy: app).verify(token, now: Date())
        #expect(claims.header.alg == "ES256")
        #expect(claims.iss == origin)
        #expect(claims.sub == account.id.rawValue)
        #expect(claims.aud == [origin])
        #expect(claims["amr"] == ["apple"])
        let issuedAt = try #require(claims.iat)
        #expect(claims.exp.timeIntervalSince(issuedAt) == 300)
        let sessionID = try #require(try app.withStore { try $0.sessions(of: account.id).first?.id })
        #expect(claims["sid"]?.stringValue == SHA2.sha256(sessionID.rawValue).map { String(format: "%02x", $0) }.joined())
        let sessionToken = String(cookie.dropFirst("vestibule_session=".count))
        #expect(!claims.all.values.contains(.string(sessionToken)))
        #expect(!claims.all.values.contains(.string(sessionID.rawValue)))

        let again = try #require(JSONValue(parsing: try requestToken(from: app, cookie: cookie).body)?["accessToken"]?.stringValue)
        #expect(try validator(publishedBy: app).verify(again, now: Date())["jti"] != claims["jti"])
    }

    @Test func anAccessTokenNamesTheRegisteredAudienceTheCallerAskedFor() throws {
        let app = try TestApplication { $0.apps = TestApps.registry }
        defer { app.application.shutdown() }
        let (_, cookie) = try app.signIn()
        let reply = try requestToken(from: app, cookie: cookie, body: #"{"audience": "https://api.shop.example.com"}"#)
        let token = try #require(JSONValue(parsing: reply.body)?["accessToken"]?.stringValue)
        #expect(try validator(publishedBy: app).verify(token, now: Date()).aud == ["https://api.shop.example.com"])

        let empty = try requestToken(from: app, cookie: cookie, body: #"{"audience": ""}"#)
        #expect(empty.status == .badRequest)
    }

    @Test func anAccessTokenIsRefusedOnceItsFiveMinutesHavePassed() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (_, cookie) = try app.signIn()
        let token = try #require(JSONValue(parsing: try requestToken(from: app, cookie: cookie).body)?["accessToken"]?.stringValue)
        let validator = try validator(publishedBy: app)
        let issuedAt = try #require(try validator.verify(token, now: Date()).iat)

        _ = try validator.verify(token, now: issuedAt.addingTimeInterval(299), leeway: .zero)
        let error = #expect(throws: JWSError.self) {
            try validator.verify(token, now: issuedAt.addingTimeInterval(300), leeway: .zero)
        }
        #expect(error?.code == .expired)
    }

    @Test func noAccessTokenWithoutASession() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        for authorization in [nil, "Bearer not-a-session"] {
            var headers: HTTPHeaders = ["Content-Type": "application/json"]
            if let authorization { headers.replace("Authorization", authorization) }
            let reply = try app.respond("/api/v1/token", method: .post, headers: headers, body: "{}")
            #expect(reply.status == .unauthorized)
            #expect(JSONValue(parsing: reply.body)?["error"]?.stringValue == "signInRequired")
        }
    }

    @Test func anAccessTokenSignedBeforeAKeyRotationStillVerifiesWithThePublishedKeys() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (_, cookie) = try app.signIn()
        let before = try #require(JSONValue(parsing: try requestToken(from: app, cookie: cookie).body)?["accessToken"]?.stringValue)

        _ = try Application.rotateSigningKey(
            configuration: app.application.configuration, environment: [:], logger: Logger(label: "test", sink: .discard)
        )
        let after = try #require(JSONValue(parsing: try requestToken(from: app, cookie: cookie).body)?["accessToken"]?.stringValue)

        let validator = try validator(publishedBy: app)
        let old = try validator.verify(before, now: Date())
        let new = try validator.verify(after, now: Date())
        #expect(old.header.kid != new.header.kid)
    }

    @Test func forwardAuthSaysWhoIsSignedInAndNothingElse() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (account, cookie) = try app.signIn()

        for headers: HTTPHeaders in [["Cookie": cookie], ["Authorization": "Bearer \(cookie.dropFirst("vestibule_session=".count))"]] {
            let allowed = try app.respond("/api/v1/forward-auth", headers: headers)
            #expect(allowed.status == .noContent)
            #expect(allowed.headers["X-Vestibule-Account"] == account.id.rawValue)
            #expect(allowed.headers["X-Vestibule-Method"] == "apple")
            #expect(allowed.headers["X-Vestibule-Complete"] == "true", "no data policy: nothing is missing")
            #expect(allowed.headers["Cache-Control"] == "no-store")
        }

        // A browser's Accept must not turn the refusal into a page or a redirect: nginx reads only the status.
        let refused = try app.respond("/api/v1/forward-auth", headers: ["Accept": "text/html", "Cookie": "vestibule_session=expired"])
        #expect(refused.status == .unauthorized)
        #expect(refused.body.isEmpty)
        #expect(refused.headers["Location"] == nil)
        #expect(refused.headers["X-Vestibule-Account"] == nil)
        #expect(refused.headers["Cache-Control"] == "no-store")
    }

    /// Asks for an access token as a native app does, with the session token as a bearer token.
    private func requestToken(from app: TestApplication, cookie: String, body: String = "{}") throws -> Response {
        let headers: HTTPHeaders = [
            "Content-Type": "application/json",
            "Authorization": "Bearer \(cookie.dropFirst("vestibule_session=".count))",
        ]
        return try app.respond("/api/v1/token", method: .post, headers: headers, body: body)
    }

    /// What a relying party does: fetch the app's JWKS and accept ES256 only.
    private func validator(publishedBy app: TestApplication) throws -> JWTValidator {
        let jwks = try JSONDecoder().decode(JWKS.self, from: Data(try app.respond("/.well-known/jwks.json").body))
        return JWTValidator(keys: KeyCache(jwks: jwks), allowedAlgorithms: [.es256])
    }
}
