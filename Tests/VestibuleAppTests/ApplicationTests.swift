import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCrypto
import VestibuleHTTP
import VestibuleTesting
@testable import VestibuleApp

@Suite struct ApplicationTests {
    @Test func theHomePageIsServedToVisitorsInTheirLanguage() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let english = try app.respond("/")
        #expect(english.status == .ok)
        #expect(english.headers["Content-Type"]?.hasPrefix("text/html") == true)
        #expect(english.text.contains("<html lang=\"en\" dir=\"ltr\">"))
        let japanese = try app.respond("/", headers: ["Accept-Language": "ja-JP,ja;q=0.9"])
        #expect(japanese.text.contains("<html lang=\"ja\" dir=\"ltr\">"))
        #expect(japanese.text.contains("ようこそ"))
    }

    @Test func anExplicitLanguageChoiceIsRemembered() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let response = try app.respond("/sign-in?lang=ja")
        #expect(response.text.contains("lang=\"ja\""))
        #expect(response.headers.values(for: "Set-Cookie").contains { $0.hasPrefix("vestibule_lang=ja") })
    }

    /// SIWA-2, AUTH-4: the sign-in page explains what signing in brings, in the operator's words when given,
    /// and how to get an account.
    @Test func theSignInPageExplainsTheBenefitsInTheOperatorsWordsAndHowToGetAnAccount() throws {
        let app = try TestApplication { $0.signInBenefits = ["ja": "カートを全デバイスで同期"] }
        defer { app.application.shutdown() }
        let japanese = try app.respond("/sign-in", headers: ["Accept-Language": "ja"]).text
        // The operator's words get their phrase breaks like the catalog's (PhraseBreaks).
        #expect(japanese.contains("カートを<wbr>全デバイスで<wbr>同期"))
        #expect(japanese.contains("メールアドレスで<wbr>アカウントを<wbr>作成できま"))
        #expect(japanese.contains("href=\"/sign-up\""))
        let english = try app.respond("/sign-in").text
        #expect(english.contains("keeps your preferences and your saved items in sync"), "the catalog's default")
        #expect(english.contains("Create an account with your email address"))
    }

    @Test func healthAndReadinessAnswer() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        #expect(try app.respond("/healthz").text == "ok")
        #expect(try app.respond("/readyz").text == "ready")
    }

    @Test func theJWKSPublishesOneKeyPerAlgorithmAndBothGenerationsDuringARotation() throws {
        let app = try TestApplication()
        let first = try JSONDecoder().decode(JWKS.self, from: Data(app.respond("/.well-known/jwks.json").body))
        #expect(first.keys.compactMap(\.alg).sorted() == ["ES256", "RS256"])
        #expect(first.keys.allSatisfy { $0.kid != nil })
        app.application.shutdown()

        let rotated = try Application.rotateSigningKey(
            configuration: app.application.configuration,
            environment: [:],
            logger: .init(label: "test", sink: .discard)
        )
        let restarted = try Application.build(configuration: app.application.configuration, environment: [:], logger: .init(label: "test", sink: .discard))
        defer { restarted.shutdown() }
        let response = try restarted.handler(Request(method: .get, target: "/.well-known/jwks.json"))
        let second = try JSONDecoder().decode(JWKS.self, from: Data(response.body))
        #expect(Set(second.keys.compactMap(\.kid)) == Set(first.keys.compactMap(\.kid) + rotated.map(\.keyID)))
    }

    @Test func theAccountPageSendsVisitorsToSignIn() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let response = try app.respond("/account")
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/sign-in")
    }

    /// SIWA-8: the account page says how you sign in; it lists your devices.
    @Test func theAccountPageShowsTheSignInMethodAndEverySession() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (_, cookie) = try app.signIn(userAgent: "Safari on iPhone")
        let page = try app.respond("/account", headers: ["Cookie": cookie])
        #expect(page.status == .ok)
        #expect(page.text.contains("Using Sign in with Apple"))
        #expect(page.text.contains("Safari on iPhone"))
        #expect(page.text.contains("This device"))
        #expect(page.headers["Cache-Control"] == "no-store")
    }

    @Test func signOutNeedsTheAntiForgeryTokenAndThenEndsTheSession() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (_, cookie) = try app.signIn()
        let origin = app.application.configuration.origin
        let form = ["Cookie": cookie, "Origin": origin, "Content-Type": "application/x-www-form-urlencoded"] as HTTPHeaders

        let forged = try app.respond("/sign-out", method: .post, headers: form, body: "csrf=guess")
        #expect(forged.status == .forbidden)
        #expect(try app.respond("/account", headers: ["Cookie": cookie]).status == .ok, "a forged request changes nothing")

        let token = try #require(csrfToken(in: app.respond("/account", headers: ["Cookie": cookie]).text))
        let signedOut = try app.respond("/sign-out", method: .post, headers: form, body: "csrf=\(token)")
        #expect(signedOut.status == .seeOther)
        #expect(signedOut.headers.values(for: "Set-Cookie").contains { $0.contains("Max-Age=0") })
        #expect(try app.respond("/account", headers: ["Cookie": cookie]).status == .seeOther)

        // Signing out again (a second tab, a proxy's retry) is not an error; from another origin it still is.
        let again = try app.respond("/sign-out", method: .post, headers: form, body: "csrf=\(token)")
        #expect(again.status == .seeOther)
        var crossSite = form
        crossSite.replace("Origin", "https://evil.example")
        #expect(try app.respond("/sign-out", method: .post, headers: crossSite, body: "").status == .forbidden)
    }

    @Test func aCrossOriginPostIsRefusedEvenWithTheToken() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (_, cookie) = try app.signIn()
        let token = try #require(csrfToken(in: app.respond("/account", headers: ["Cookie": cookie]).text))
        let response = try app.respond(
            "/sign-out",
            method: .post,
            headers: ["Cookie": cookie, "Origin": "https://evil.example", "Content-Type": "application/x-www-form-urlencoded"],
            body: "csrf=\(token)"
        )
        #expect(response.status == .forbidden)
    }

    @Test func revokingAnotherDeviceKeepsThisOne() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (account, phone) = try app.signIn(userAgent: "Phone")
        let page = try app.respond("/account", headers: ["Cookie": phone]).text
        let token = try #require(csrfToken(in: page))
        let (_, laptop) = try app.signIn(to: account, userAgent: "Laptop")
        let laptopSession = try #require(try app.withStore { try $0.sessions(of: account.id) }.first { $0.userAgent == "Laptop" })
        let response = try app.respond(
            "/account/sessions/\(laptopSession.id.rawValue)/revoke",
            method: .post,
            headers: ["Cookie": phone, "Origin": app.application.configuration.origin, "Content-Type": "application/x-www-form-urlencoded"],
            body: "csrf=\(token)"
        )
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/account")
        #expect(try app.respond("/account", headers: ["Cookie": laptop]).status == .seeOther)
        #expect(try app.respond("/account", headers: ["Cookie": phone]).status == .ok)
    }

    @Test func browsersGetALocalizedErrorPageAndAPIClientsPlainText() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let browser = try app.respond("/nowhere", headers: ["Accept": "text/html", "Accept-Language": "ja"])
        #expect(browser.status == .notFound)
        #expect(browser.text.contains("ページが見つかりません"))
        let api = try app.respond("/nowhere")
        #expect(api.status == .notFound)
        #expect(api.headers["Content-Type"]?.hasPrefix("text/plain") == true)
    }

    @Test func aWrongMethodGets405WithAllow() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let response = try app.respond("/account", method: .delete)
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"]?.contains("GET") == true)
    }

    @Test func aSecondStartReusesTheDatabaseAndTheSecretKeys() throws {
        let app = try TestApplication()
        let (_, cookie) = try app.signIn()
        app.application.shutdown()
        let again = try Application.build(configuration: app.application.configuration, environment: [:], logger: .init(label: "t", sink: .discard))
        defer { again.shutdown() }
        let response = try again.handler(Request(method: .get, target: "/account", headers: ["Cookie": cookie]))
        #expect(response.status == .ok)
        let keyFile = app.dataDirectory + "/secret-keys"
        let permissions = try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func aStartWithAnUnusableSecretKeyIsRefusedWithoutEchoingIt() throws {
        var configuration = Configuration()
        configuration.development = true
        configuration.dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
        #expect {
            try Application.build(
                configuration: configuration,
                environment: ["VESTIBULE_SECRET_KEYS": "hunter2-is-not-a-key"],
                logger: .init(label: "t", sink: .discard)
            )
        } throws: { error in
            "\(error)".contains("Secret key number 1") && !"\(error)".contains("hunter2")
        }
    }
}
