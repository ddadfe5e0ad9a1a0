import Foundation
import Testing
import VestibuleHTTP
import VestibuleWebDriver

/// The web flow in Chromium: the consent page on the emulator's origin (127.0.0.1), Continue, and the
/// script-submitted form_post landing on the relying party's origin (localhost) as Apple's does: cross-site.
@Suite(.enabled(if: ChromeDriver.isAvailable, "chromium and chromium-driver are not installed"), .timeLimit(.minutes(2)))
struct BrowserFlowTests {
    @Test func continueInChromiumPostsCrossSiteToTheCallbackWithoutTheLaxCookie() throws {
        let relyingParty = try RelyingParty()
        defer { relyingParty.stop() }
        let fixture = try EmulatorFixture(redirectURI: relyingParty.callbackURL)
        defer { fixture.stop() }
        let driver = try ChromeDriver()
        defer { driver.shutdown() }
        let session = try driver.newSession()

        try session.navigate(to: relyingParty.origin + "/start")
        try session.navigate(to: fixture.authorizeURL(redirectURI: relyingParty.callbackURL, state: "browser-state"))
        try session.find("input[name=apple_id]").clear()
        try session.find("input[name=apple_id]").sendKeys("grace@example.com")
        try session.find("input[name=first_name]").clear()
        try session.find("input[name=first_name]").sendKeys("Grace")
        try session.find("input[value=hide]").click()
        try session.find("button[value=continue]").click()
        _ = try session.waitFor("#received")

        let callback = try #require(relyingParty.requests(to: RelyingParty.callbackPath).first)
        #expect(callback.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(callback.headers["Origin"] == fixture.emulator.issuer)
        // The cookie set at /start is SameSite=Lax: a cross-site POST arrives without it, as from Apple.
        #expect(callback.headers["Cookie"]?.contains("rp_session") != true)
        let form = try callback.form()
        #expect(form.names == ["state", "code", "id_token", "user"])
        #expect(form["state"] == "browser-state")
        #expect(form["user"]?.contains(#""firstName":"Grace""#) == true)
        #expect(form["user"]?.contains("@privaterelay.appleid.com") == true)
        let exchanged = try fixture.exchange(code: try #require(form["code"]), redirectURI: relyingParty.callbackURL)
        #expect(exchanged.status == 200)

        // Signing in again: Apple's page offers the Apple ID this browser used, not the sample one.
        try session.navigate(to: fixture.authorizeURL(redirectURI: relyingParty.callbackURL, state: "again"))
        #expect(try session.find("input[name=apple_id]").property("value") == .string("grace@example.com"))
    }
}
