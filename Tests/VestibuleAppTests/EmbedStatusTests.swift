import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleHTTP
import VestibuleHTTPServer
import VestibuleLogging
import VestibuleTesting
import VestibuleWebDriver

/// SIWA-8: the embeddable status element (`/embed/status`) says how the person is signed in, on the operator's
/// other sites, in the person's language.
@Suite(.serialized) struct EmbedStatusTests {
    @Test(arguments: [
        (SignInMethod.apple, "en", "Signed in with Apple"),
        (.passkey, "en", "Signed in with a passkey"),
        (.password, "en", "Signed in with a password"),
        // Japanese with its phrase break (PhraseBreaks): this page is a document of its own, not PageSkeleton's.
        (.passkey, "ja", "パスキーで<wbr>サインイン中"),
        (.password, "de", "Mit einem Passwort angemeldet"),
        (.apple, "ar", "تم تسجيل الدخول باستخدام Apple"),
    ])
    func theElementSaysHowTheCurrentSessionWasSignedIn(method: SignInMethod, language: String, status: String) throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (account, _) = try app.signIn()
        let token = try app.withStore { store in
            try SessionManager(store: store, policy: SessionPolicy(), clock: { Date() })
                .signIn(accountID: account.id, method: method, userAgent: "Safari", replacing: nil).token.value
        }
        let page = try app.respond(
            "/embed/status", headers: ["Cookie": "vestibule_session=\(token)", "Accept-Language": language]
        )
        #expect(page.status == .ok)
        #expect(page.text.contains("<strong data-signed-in=\"\(method.rawValue)\">\(status)</strong>"))
        #expect(page.text.contains("<bdi class=\"embed-who\">Ada</bdi>"))
        #expect(page.text.contains("<a href=\"/account\" target=\"_top\">"), "the account opens in the whole window")
        #expect(page.text.contains("<html lang=\"\(language)\""))
        #expect(!page.text.contains("<script"), "no script in another site's page")
        #expect(page.headers["Cache-Control"] == "no-store")
        #expect(page.headers.values(for: "Set-Cookie").isEmpty, "no cookie is set from inside a frame")
    }

    @Test func signedOutTheElementOffersToSignIn() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let page = try app.respond("/embed/status")
        #expect(page.text.contains("data-signed-in=\"none\">You&#39;re not signed in."))
        #expect(page.text.contains("<a href=\"/sign-in\" target=\"_top\">Sign in</a>"))
    }

    /// Over a real socket, with the server's own security headers: this site and the app origins may frame the
    /// element, nothing else may, and no `X-Frame-Options: DENY` contradicts that; every other page stays
    /// unframable.
    @Test func onlyTheElementMayBeFramedAndOnlyByTheAppOrigins() throws {
        let app = try TestApplication {
            $0.apps = TestApps.shop(returningTo: ["https://shop.example.com/back", "http://localhost:8090/back"])
        }
        try app.application.start()
        defer { app.application.shutdown() }
        let embed = try get("/embed/status", port: app.application.port)
        #expect(embed.status == 200)
        #expect(embed.header("Content-Security-Policy")?.hasSuffix(
            "frame-ancestors 'self' https://shop.example.com http://localhost:8090"
        ) == true)
        #expect(embed.header("X-Frame-Options") == nil)
        let home = try get("/", port: app.application.port)
        #expect(home.header("Content-Security-Policy")?.hasSuffix("frame-ancestors 'none'") == true)
        #expect(home.header("X-Frame-Options") == "DENY")
    }

    /// In Chromium: a page of another origin on the same site (as `shop.example.com` beside `id.example.com`)
    /// frames the element, the session cookie (`SameSite=Lax`) comes along, and the element shows the person
    /// signed in; its link opens the account page in the whole window. A page of an origin not listed cannot
    /// frame it.
    @Test(.enabled(if: ChromeDriver.isAvailable, "needs chromium and chromium-driver (make test installs them)"))
    func anotherSiteOfTheOperatorFramesTheElementSignedIn() throws {
        let shop = try OtherSite()
        defer { shop.stop() }
        let stranger = try OtherSite()
        defer { stranger.stop() }
        let (app, port) = try TestApplication.startedOnLocalhost {
            $0.apps = TestApps.shop(returningTo: [shop.origin + "/back"])
        }
        defer { app.application.shutdown() }
        let base = "http://localhost:\(port)"
        shop.frame(base + "/embed/status", of: base)
        stranger.frame(base + "/embed/status", of: base)
        let (_, cookie) = try app.signIn()

        let driver = try ChromeDriver()
        defer { driver.shutdown() }
        let browser = try driver.newSession()
        try browser.navigate(to: base + "/")
        try browser.addCookie(name: "vestibule_session", value: String(cookie.dropFirst("vestibule_session=".count)))

        try browser.navigate(to: shop.origin + "/")
        try browser.switchToFrame(try browser.waitFor("iframe"))
        #expect(try browser.waitFor("[data-signed-in]").text == "Signed in with Apple")
        try browser.find("a[target=_top]").click()
        try browser.switchToTopLevel()
        _ = try browser.waitFor("form[action='/sign-out']")
        #expect(try browser.currentURL == base + "/account", "the link leaves the frame for the whole window")

        try browser.navigate(to: stranger.origin + "/")
        try browser.switchToFrame(try browser.waitFor("iframe"))
        // Once the frame has loaded, Chromium shows its own error document there instead of the element.
        let frameURL = { try browser.executeScript("return location.href").stringValue ?? "" }
        _ = try eventually { try frameURL().hasPrefix("chrome-error:") }
        let shown = try frameURL()
        #expect(shown.hasPrefix("chrome-error:"), "an origin that is not listed cannot frame the element: \(shown)")
        #expect(try browser.findAll("[data-signed-in]").isEmpty)
    }

    private func get(_ path: String, port: Int) throws -> RawConnection.Response {
        let connection = try RawConnection(port: port)
        try connection.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        return try #require(try connection.readResponse())
    }
}
