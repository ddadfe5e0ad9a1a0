import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCore
import VestibuleCrypto
import VestibuleTesting
import VestibuleWebDriver

/// A real relying party: Apache with Debian's mod_auth_openidc protecting a page, and a person in headless
/// Chromium who signs up there with a passkey through Vestibule. The page sees the claims; signing out at
/// Vestibule ends the Apache session by back-channel logout; the app's own logout (RP-initiated) signs the person
/// out of Vestibule and comes back.
@Suite(
    .serialized,
    .enabled(if: ChromeDriver.isAvailable, "needs chromium and chromium-driver (make test installs them)"),
    .enabled(if: ApacheOpenIDCTestServer.isAvailable, "needs apache2 and mod_auth_openidc (make test installs them)")
)
struct ModAuthOpenIDCStoryTests {
    static let secret = SecureRandom.token()

    @Test func aPersonSignsInToAnApacheProtectedPageWithAPasskeyAndBothLogoutsEndIt() throws {
        let apachePort = try PortReservation()
        let apacheOrigin = "http://127.0.0.1:\(apachePort.port)"
        let client = RegisteredApp(
            id: "apache", name: "Team Wiki", keyDigest: SHA2.sha256(Self.secret), returnURLs: [],
            openID: OpenIDClientSettings(
                redirectURIs: ["\(apacheOrigin)/protected/redirect_uri"],
                postLogoutRedirectURIs: ["\(apacheOrigin)/logged-out"],
                backchannelLogoutURI: "\(apacheOrigin)/protected/redirect_uri?logout=backchannel",
                isFirstParty: true
            )
        )
        let (app, port) = try TestApplication.startedOnLocalhost { $0.apps = AppRegistry([client]) }
        defer { app.application.shutdown() }
        let vestibule = "http://localhost:\(port)"
        let apache = try ApacheOpenIDCTestServer(port: apachePort, issuer: vestibule, clientID: "apache", clientSecret: Self.secret)
        defer { apache.stop() }
        #expect(apache.redirectURI == client.openID?.redirectURIs.first)

        let driver = try ChromeDriver()
        defer { driver.shutdown() }
        let browser = try driver.newSession()
        _ = try browser.addVirtualAuthenticator()

        // The protected page sends the browser to Vestibule, which asks for a sign-in naming the app.
        try browser.navigate(to: apache.protectedURL)
        _ = try browser.waitFor("main h1")
        #expect(try browser.currentURL.hasPrefix("\(vestibule)/sign-in"))
        #expect(try browser.pageSource.contains("Team Wiki"), "the sign-in page names the app")
        try browser.navigate(to: "\(vestibule)/sign-up")
        try browser.waitFor("form[data-passkey=sign-up] #field-displayName").sendKeys("Ada Lovelace")
        try browser.find("form[data-passkey=sign-up] button[type=submit]").click()
        _ = try browser.waitFor("form[action='/sign-out']")
        try browser.navigate(to: "\(vestibule)/continue")
        let claims = try eventually("the protected page with the claims", timeout: .seconds(10)) { () throws -> [String: String]? in
            guard try browser.currentURL.hasPrefix(apache.protectedURL) else { return nil }
            return ApacheOpenIDCTestServer.claims(in: try browser.find("body").text)
        }
        #expect(claims["iss"] == vestibule)
        #expect(claims["name"] == "Ada Lovelace")
        #expect(claims["amr"] == "hwk,user,mfa", "a passkey, by RFC 8176's values")
        #expect(claims["sid"]?.count == 64)

        // Signing out at Vestibule tells Apache, which ends its session: the page asks for a sign-in again.
        try browser.navigate(to: "\(vestibule)/account")
        try browser.find("form[action='/sign-out'] button").click()
        _ = try browser.waitFor("a[href='/sign-in']")
        #expect(
            eventually(timeout: .seconds(10)) { apache.accessLog.contains("POST /protected/redirect_uri?logout=backchannel 200") },
            "\(apache.accessLog) \(apache.errorLog)"
        )
        // The next visit goes through Vestibule again: the passkey signs in at once (AutoFill answers by itself
        // in this browser), and the page shows a new session.
        try browser.navigate(to: apache.protectedURL)
        let again = try eventually("the protected page after signing in again", timeout: .seconds(10)) { () throws -> [String: String]? in
            guard try browser.currentURL.hasPrefix(apache.protectedURL) else { return nil }
            return ApacheOpenIDCTestServer.claims(in: try browser.find("body").text)
        }
        #expect(again["sub"] == claims["sub"])
        #expect(again["sid"] != claims["sid"], "the Apache session ended with Vestibule's")

        // The app's own logout (RP-initiated) signs out of Vestibule too, and comes back to the app.
        try browser.navigate(to: apache.logoutURL())
        try eventually("Apache's logged-out page", timeout: .seconds(10)) {
            try browser.currentURL.hasPrefix(apache.postLogoutRedirectURI)
        }
        let account = AccountID(rawValue: try #require(claims["sub"]))
        #expect(try app.withStore { try $0.sessions(of: account) }.isEmpty, "RP-initiated logout ended the Vestibule session")
    }
}
