import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleLogging
import VestibuleTesting
import VestibuleWebDriver

/// The whole password story in real headless Chromium, with mail through a real SMTP server:
/// sign up, confirm with the emailed code, sign out, sign in, change the password, reset it by code,
/// and sign in with the new one.
@Suite(.serialized) struct PasswordStoryTests {
    @Test(.enabled(if: ChromeDriver.isAvailable && SMTPTestServer.isAvailable,
                   "needs chromium, chromium-driver and python3 with aiosmtpd (make test installs them)"))
    func aPersonSignsUpConfirmsSignsInChangesAndResetsTheirPassword() throws {
        let smtp = try SMTPTestServer()
        defer { smtp.stop() }
        let (app, port) = try TestApplication.startedOnLocalhost {
            $0.smtpURL = "smtp://127.0.0.1:\(smtp.port)"
            $0.smtpSecurity = .none
        }
        defer { app.application.shutdown() }

        let driver = try ChromeDriver()
        defer { driver.shutdown() }
        let browser = try driver.newSession()
        let base = "http://localhost:\(port)"
        let email = "ada@example.com"

        // Sign up: a passkey leads, the password form waits behind "Other ways"; then the code arrives by email.
        try browser.navigate(to: "\(base)/sign-in")
        try follow(browser, link: "a[href='/sign-up']", to: "/sign-up", base: base)
        try browser.waitFor("details.other-ways summary").click()
        try browser.waitFor("#field-email").sendKeys(email)
        try browser.find("#field-password").sendKeys("first correct horse")
        try browser.find("form[action='/sign-up'] button[type=submit]").click()
        _ = try browser.waitFor("#field-code")
        let signUpCode = try code(in: smtp.waitForMessage(count: 1)[0])
        try browser.find("#field-code").sendKeys(signUpCode)
        try browser.find("form[action='/verify-email'] button").click()
        _ = try browser.waitFor("main a[href='/continue']")  // the welcome page, not the page being left
        #expect(try browser.find("main h1").text == "Welcome, \(email)!", "greeted by the email, as no name was given")
        #expect(try browser.currentURL == "\(base)/welcome")
        try browser.navigate(to: "\(base)/account")
        _ = try browser.waitFor("form[action$='/revoke']")
        #expect(try browser.pageSource.contains("Using a password"))

        // Sign out, then sign in with the password.
        try signOut(browser)
        try signIn(browser, base: base, email: email, password: "first correct horse", offersPasskey: true)

        // Change the password: the current one is required.
        try browser.navigate(to: "\(base)/.well-known/change-password")
        try browser.waitFor("#field-password").sendKeys("first correct horse")
        try browser.find("#field-new-password").sendKeys("second correct horse")
        try browser.find("form.stacked-form button[type=submit]").click()
        _ = try browser.waitFor("form[action$='/revoke']")
        #expect(try browser.find("main [role=status]").text.contains("password has been changed"))
        #expect(try smtp.waitForMessage(count: 2)[1].subject == "How you sign in to Vestibule changed", "and told by mail")
        try signOut(browser)

        // Forgot it: reset by an emailed code, which signs in.
        try browser.navigate(to: "\(base)/sign-in")
        try follow(browser, link: "a[href='/reset-password']", to: "/reset-password", base: base)
        try browser.waitFor("#field-email").sendKeys(email)
        try browser.find("form.stacked-form button[type=submit]").click()
        _ = try browser.waitFor("#field-code")
        let resetCode = try code(in: smtp.waitForMessage(count: 3)[2])
        try browser.find("#field-code").sendKeys(resetCode)
        try browser.find("#field-password").sendKeys("third correct horse")
        try browser.find("form.stacked-form button[type=submit]").click()
        _ = try browser.waitFor("form[action$='/revoke']")
        #expect(try browser.currentURL.hasPrefix("\(base)/account"))
        try signOut(browser)

        // The old password no longer works; the new one does.
        try browser.navigate(to: "\(base)/sign-in")
        try browser.waitFor("#field-email").sendKeys(email)
        try browser.find("#field-password").sendKeys("second correct horse")
        try browser.find("form[action='/sign-in'] button[type=submit]").click()
        #expect(try browser.waitFor(".form-error").text.contains("don't match"))
        try signIn(browser, base: base, email: email, password: "third correct horse")
    }

    private func signIn(
        _ browser: BrowserSession, base: String, email: String, password: String, offersPasskey: Bool = false
    ) throws {
        try browser.navigate(to: "\(base)/sign-in")
        try browser.waitFor("#field-email").sendKeys(email)
        try browser.find("#field-password").sendKeys(password)
        try browser.find("form[action='/sign-in'] button[type=submit]").click()
        _ = try browser.waitFor("form[action='/sign-out']")
        // The first sign-in without a passkey offers one, once (AUTH-12); "Not now" goes on.
        if offersPasskey {
            #expect(try browser.currentURL == "\(base)/account/passkey-offer")
            #expect(try browser.waitFor("[data-passkey=register] button").text == "Add a passkey")
            try browser.find("main a[href='/continue']").click()
            _ = try browser.waitFor("form[action$='/revoke']")
        }
        #expect(try browser.currentURL == "\(base)/account")
    }

    /// Clicks a link and waits until the browser is on its page: the page being left can hold the same
    /// elements (the email field, "Other ways"), and using them as it unloads is a stale reference.
    /// Clicks the link and waits until the page it leaves is gone and the browser is at `path`. The address
    /// changes before the old document is replaced, so waiting for the address alone could find a field of the
    /// page being left (the sign-in page has `#field-email` too) and type into it just before it goes.
    private func follow(_ browser: BrowserSession, link css: String, to path: String, base: String) throws {
        let leaving = try browser.find("html")
        try browser.find(css).click()
        try eventually("the link \(css) to reach \(path)") { try browser.currentURL.hasPrefix(base + path) && isGone(leaving) }
    }

    private func isGone(_ element: Element) throws -> Bool {
        do {
            _ = try element.attribute("lang")
            return false
        } catch where error.code == .staleElementReference {
            return true
        }
    }

    private func signOut(_ browser: BrowserSession) throws {
        try browser.find("form[action='/sign-out'] button").click()
        _ = try browser.waitFor("a[href='/sign-in']")
    }

    private func code(in message: SMTPTestServer.ReceivedMessage) throws -> String {
        guard let range = message.subject.range(of: #"[0-9]{6}"#, options: .regularExpression) else {
            throw TestFailure("no code in \(message.subject)")
        }
        #expect(message.textBody.contains(String(message.subject[range])))
        return String(message.subject[range])
    }
}
