import Testing
import VestibuleAppTesting
import VestibuleJSON
import VestibuleTesting
import VestibuleWebDriver

/// The sign-in page as people see it, in headless Chromium with a virtual platform authenticator (so the
/// passkey parts show): each method's words travel with its button, and what signing in brings comes after all
/// the methods. A newcomer found the page contradicting itself: under the password form, the passkey caption
/// ("There's no password to type") while the passkey button sat closed in "Other ways to sign in".
@Suite(.serialized, .enabled(if: ChromeDriver.isAvailable, "needs chromium and chromium-driver (make test installs them)"))
struct SignInPageStoryTests {
    static let passkeyCaption = "Your device confirms it's you the way you unlock it. There's no password to type."

    @Test func aReturningPasswordUserSeesThePasskeyCaptionOnlyWithItsButton() throws {
        try withSignInPage(lastMethod: "password") { browser throws in
            #expect(try visibleCaptions(browser) == [], "the passkey is behind the closed disclosure, and so is its caption")
            try browser.find("details.other-ways:not([hidden]) > summary").click()
            #expect(try visibleCaptions(browser) == [true], "opened, the caption sits right under the passkey button")
            #expect(try benefitsFollowEveryMethod(browser))
        }
    }

    @Test func aNewcomerSeesThePasskeyButtonFirstWithItsCaptionUnderIt() throws {
        try withSignInPage(lastMethod: nil) { browser throws in
            #expect(try visibleCaptions(browser) == [true])
            #expect(try benefitsFollowEveryMethod(browser))
        }
    }

    /// Opens `/sign-in` in a browser whose last sign-in was `lastMethod`, once `passkeys.js` has revealed the
    /// passkey parts.
    private func withSignInPage(lastMethod: String?, _ body: (BrowserSession) throws -> Void) throws {
        let (app, port) = try TestApplication.startedOnLocalhost()
        defer { app.application.shutdown() }
        let driver = try ChromeDriver()
        defer { driver.shutdown() }
        let browser = try driver.newSession()
        _ = try browser.addVirtualAuthenticator()
        let base = "http://localhost:\(port)"
        try browser.navigate(to: "\(base)/")
        if let lastMethod { try browser.addCookie(name: "vestibule_last_method", value: lastMethod) }
        try browser.navigate(to: "\(base)/sign-in")
        _ = try browser.waitFor("[data-passkey=sign-in]:not([hidden])")
        try body(browser)
    }

    /// For each visible paragraph that shows the passkey caption: whether it sits right under a visible "Sign in
    /// with a passkey" button (its top within 3 em of the button's bottom). Visible as `checkVisibility()` says:
    /// the content of a closed `<details>` still has boxes in Chromium, but is not visible.
    private func visibleCaptions(_ browser: BrowserSession) throws -> [Bool] {
        let result = try browser.executeScript(
            """
            const shown = e => e.checkVisibility();
            const em = parseFloat(getComputedStyle(document.body).fontSize);
            const buttons = [...document.querySelectorAll('[data-passkey=sign-in] button')].filter(shown);
            return [...document.querySelectorAll('main p')]
              .filter(p => shown(p) && p.textContent.trim() === arguments[0])
              .map(p => {
                const top = p.getBoundingClientRect().top;
                return buttons.some(b => { const gap = top - b.getBoundingClientRect().bottom; return gap >= 0 && gap < 3 * em; });
              });
            """,
            [.string(Self.passkeyCaption)]
        )
        return result.arrayValue?.compactMap(\.boolValue) ?? []
    }

    /// Whether "Why sign in?" starts below the last method and its disclosure.
    private func benefitsFollowEveryMethod(_ browser: BrowserSession) throws -> Bool {
        try browser.executeScript(
            """
            const benefits = document.getElementById('benefits-heading').getBoundingClientRect().top;
            const methods = [...document.querySelectorAll('.sign-in-methods, .other-ways, [data-method]')]
              .filter(e => e.checkVisibility());
            return methods.every(e => e.getBoundingClientRect().bottom <= benefits);
            """
        ).boolValue == true
    }
}
