import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleHTTP
import VestibuleJSON

/// The passkey JSON API without a browser: what it hands out, whom it refuses, and the copy native apps get.
/// The ceremonies themselves, with a real authenticator, are in `PasskeyStoryTests`.
@Suite struct PasskeyAPITests {
    @Test func authenticationOptionsAreDiscoverableSingleUseChallengesForThisSite() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let first = try post(app, "/api/v1/passkeys/authentication/options")
        let second = try post(app, "/api/v1/passkeys/authentication/options")
        let options = try #require(first.json["publicKey"])

        #expect(first.status == .ok)
        #expect(options["rpId"]?.stringValue == "localhost")
        #expect(options["userVerification"]?.stringValue == "preferred")
        #expect(options["allowCredentials"]?.arrayValue?.isEmpty == true, "no username needed")
        #expect(options["timeout"]?.intValue == 300_000)
        let challenge = try #require(options["challenge"]?.stringValue)
        #expect(challenge.count == 43, "32 random bytes in unpadded base64url")
        #expect(challenge != second.json["publicKey"]?["challenge"]?.stringValue)
        #expect(first.json["labels"] == nil, "web callers get no biometry copy")
        #expect(first.response.headers["Cache-Control"]?.contains("no-store") == true)
    }

    /// AUTH-10, AUTH-11: an app that reports its LABiometryType gets a button title naming exactly that, in
    /// the person's language; a web page, which cannot know, gets none and says "passkey".
    @Test(arguments: [
        ("faceID", "en", "Sign in with Face ID", "Use Face ID to sign in"),
        ("touchID", "en", "Sign in with Touch ID", "Use Touch ID to sign in"),
        ("opticID", "en", "Sign in with Optic ID", "Use Optic ID to sign in"),
        ("faceID", "ja", "Face IDでサインイン", "Face IDでサインインできるようにする"),
        ("touchID", "de", "Mit Touch ID anmelden", "Touch ID zum Anmelden verwenden"),
        ("faceID", "ar", "تسجيل الدخول باستخدام Face ID", "استخدام Face ID لتسجيل الدخول"),
    ])
    func nativeAppsGetCopyThatNamesTheirBiometry(biometry: String, language: String, signIn: String, setUp: String) throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let body = #"{"biometryType":"\#(biometry)"}"#
        let authentication = try post(app, "/api/v1/passkeys/authentication/options", body, language: language)
        #expect(authentication.json["labels"]?["action"]?.stringValue == signIn)

        let (_, cookie) = try app.signIn()
        let token = String(cookie.dropFirst("vestibule_session=".count))
        let registration = try post(
            app, "/api/v1/passkeys/registration/options", body, language: language,
            headers: ["Authorization": "Bearer \(token)"]
        )
        #expect(registration.status == .ok)
        #expect(registration.json["labels"]?["action"]?.stringValue == setUp)
    }

    @Test func registrationOptionsNeedASignedInAccountAndExcludeItsPasskeys() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let refused = try post(app, "/api/v1/passkeys/registration/options")
        #expect(refused.status == .unauthorized)
        #expect(refused.json["error"]?.stringValue == "signInRequired")

        let (account, cookie) = try app.signIn()
        try app.addPasskey(to: account, name: "Phone")
        let token = String(cookie.dropFirst("vestibule_session=".count))
        let options = try post(
            app, "/api/v1/passkeys/registration/options", headers: ["Authorization": "Bearer \(token)"]
        ).json["publicKey"]
        #expect(options?["user"]?["id"]?.stringValue == Self.base64URL(account.id.rawValue))
        #expect(options?["user"]?["name"]?.stringValue == account.email)
        #expect(options?["excludeCredentials"]?.arrayValue?.count == 1)
        #expect(options?["authenticatorSelection"]?["residentKey"]?.stringValue == "required")
        #expect(options?["attestation"]?.stringValue == "none")
        #expect(options?["pubKeyCredParams"]?.arrayValue?.compactMap { $0["alg"]?.intValue } == [-7, -8, -257])
    }

    @Test func signUpOptionsNeedANameOfAtMost64Characters() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        for body in [#"{}"#, #"{"displayName":"   "}"#, #"{"displayName":"\#(String(repeating: "a", count: 65))"}"#] {
            let refused = try post(app, "/api/v1/passkeys/sign-up/options", body)
            #expect(refused.status == .badRequest, "\(body)")
            #expect(refused.json["message"]?.stringValue == "Enter your name, up to 64 characters.")
        }
        let accepted = try post(app, "/api/v1/passkeys/sign-up/options", #"{"displayName":"Ada Lovelace"}"#)
        #expect(accepted.json["publicKey"]?["user"]?["displayName"]?.stringValue == "Ada Lovelace")
    }

    /// A cross-site page can send neither JSON (a CORS preflight Vestibule never grants) nor our Origin, and
    /// a page of ours must present its anti-forgery token along with the browser's cookies.
    @Test func callsAPageOfAnotherSiteCouldMakeAreRefused() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let form = try app.respond(
            "/api/v1/passkeys/authentication/options", method: .post,
            headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "a=b"
        )
        #expect(form.status == .unsupportedMediaType)
        let crossOrigin = try post(app, "/api/v1/passkeys/authentication/options", headers: ["Origin": "https://evil.example"])
        #expect(crossOrigin.status == .forbidden)

        let page = try app.respond("/sign-in")
        let visitor = try #require(page.headers.values(for: "Set-Cookie").first { $0.hasPrefix("vestibule_visitor=") })
        let cookie = String(visitor.prefix { $0 != ";" })
        let withoutToken = try post(app, "/api/v1/passkeys/authentication/options", headers: ["Cookie": cookie])
        #expect(withoutToken.status == .forbidden)
        let token = try #require(Self.attribute("data-csrf", in: page.text))
        let withToken = try post(
            app, "/api/v1/passkeys/authentication/options", headers: ["Cookie": cookie, "X-CSRF-Token": token]
        )
        #expect(withToken.status == .ok)
    }

    @Test func anAnswerToAChallengeNeverIssuedIsRefusedWithoutASession() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let clientData = Self.base64URL(#"{"type":"webauthn.get","challenge":"AAAA","origin":"http://localhost:8080"}"#)
        let answer = """
            {"credential":{"id":"AQID","rawId":"AQID","type":"public-key","response":{"clientDataJSON":"\(clientData)",\
            "authenticatorData":"AAAA","signature":"AAAA"}}}
            """
        let refused = try post(app, "/api/v1/passkeys/authentication", answer)
        #expect(refused.status == .badRequest)
        #expect(refused.json["error"]?.stringValue == "challengeUnknown")
        #expect(refused.response.headers["Set-Cookie"] == nil)

        let garbage = try post(app, "/api/v1/passkeys/authentication", #"{"credential":42}"#)
        #expect(garbage.status == .badRequest)
        #expect(garbage.json["error"]?.stringValue == "invalidRequest")
    }

    // MARK: Helpers

    private struct Reply {
        let response: Response
        var status: HTTPStatus { response.status }
        var json: JSONValue { JSONValue(parsing: response.body) ?? .null }
    }

    private func post(
        _ app: TestApplication, _ path: String, _ body: String = "{}", language: String = "en",
        headers: HTTPHeaders = HTTPHeaders()
    ) throws -> Reply {
        var headers = headers
        headers.replace("Content-Type", "application/json")
        headers.replace("Accept-Language", language)
        return Reply(response: try app.respond(path, method: .post, headers: headers, body: body))
    }

    private static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func attribute(_ name: String, in html: String) -> String? {
        guard let start = html.range(of: "\(name)=\"") else { return nil }
        let rest = html[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
