import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleCrypto
import VestibuleHTTP
import VestibuleHTTPClient
import VestibuleJSON
import VestibuleTesting
import VestibuleWebDriver

/// Sign in with Apple end to end, against the Apple ID emulator on its own origin (127.0.0.1, while
/// Vestibule is localhost): the callback really is a cross-site form POST.
@Suite(.serialized, .enabled(if: ChromeDriver.isAvailable, "needs chromium and chromium-driver (make test installs them)"))
struct AppleStoryTests {
    /// SIWA-1, SIWA-7, SIWA-8, SIWA-12, SIWA-14: the first sign-in creates the account with the shared name and
    /// hides the email behind a relay address, and the welcome page greets by that name and says where relay mail
    /// goes; the next one signs in to it; Apple's notifications about the relay show on the account page; deleting
    /// the account revokes at Apple, so the next sign-in is a first one again.
    @Test func aPersonSignsUpWithAppleHidingTheirEmailThenSignsInAgainAndDeletesTheAccount() throws {
        try withBrowser { browser, base, app in
            try browser.navigate(to: "\(base)/sign-in")
            try browser.waitFor("form.apple-start button").click()
            try browser.consentAtAppleEmulator(appleID: "ada@icloud.example", firstName: "Ada", lastName: "Lovelace", hide: true)
            _ = try browser.waitFor("main a[href='/continue']")
            #expect(try browser.find("main h1").text == "Welcome, Ada Lovelace!", "welcomed by the shared name")
            #expect(try browser.currentURL == "\(base)/welcome")
            let relay = try browser.find("[data-relay=forwarding]").text
            #expect(relay.contains("@privaterelay.appleid.com") && relay.contains("Apple forwards them"), "where relay mail goes")
            try browser.navigate(to: "\(base)/account")
            #expect(try browser.waitFor("[data-relay=forwarding]").text.contains("@privaterelay.appleid.com"))
            #expect(try browser.pageSource.contains("Using Sign in with Apple"))
            let account = try #require(try app.withStore { try $0.identities(of: try signedInAccount(browser, app)) }.first)
            #expect(try app.withStore { try $0.account(id: account.accountID) }?.displayName == "Ada Lovelace")

            // Apple says the person turned relay forwarding off: the account page says where mail stops.
            let subject = account.subject
            #expect(try notify(app, type: "email-disabled", subject: subject) == 200)
            try browser.navigate(to: "\(base)/account")
            #expect(try browser.waitFor("[data-relay=off]").text.contains("turned off forwarding"))

            // Signing in again reaches the same account; Apple does not share the name a second time.
            try signOut(browser)
            try browser.navigate(to: "\(base)/sign-in")
            try browser.waitFor("form.apple-start button").click()
            try browser.consentAtAppleEmulator(appleID: "ada@icloud.example", firstName: "", lastName: "", hide: true)
            _ = try browser.waitFor("form[action='/sign-out']")
            #expect(try browser.currentURL == "\(base)/account")
            #expect(try app.withStore { try $0.appleIdentity(subject: subject) }?.accountID == account.accountID)

            // Deleting the account revokes its Apple tokens: the next sign-in is a first one, name included.
            #expect(try app.rowsHolding(account.accountID.rawValue) >= 4, "account, identity, Apple record, sessions")
            try browser.navigate(to: "\(base)/account/delete")
            try browser.waitFor("form[action='/account/delete'] button").click()
            #expect(try browser.waitFor("main [role=status]").text.contains("deleted"))
            #expect(try app.withStore { try $0.account(id: account.accountID) } == nil)
            #expect(try app.rowsHolding(account.accountID.rawValue, except: ["audit_events"]) == 0, "no row of the account remains")
            #expect(try app.withStore { try $0.auditEvents(of: account.accountID, since: nil, limit: 9) }.map(\.kind) == [.accountDeleted],
                    "but the audit record of its deletion")
            #expect(try app.rowsHolding(subject) == 0, "nor of its Apple identity")
            #expect(try app.withStore { try $0.dueAppleRevocations(at: Date().addingTimeInterval(86_400), limit: 5) }.isEmpty,
                    "Apple accepted the revocation at once")
            try browser.navigate(to: "\(base)/sign-in")
            try browser.waitFor("form.apple-start button").click()
            try browser.consentAtAppleEmulator(appleID: "ada@icloud.example", firstName: "Ada", lastName: "King", hide: true)
            _ = try browser.waitFor("main a[href='/continue']")
            #expect(try browser.find("main h1").text == "Welcome, Ada King!", "a new account, named again")
        }
    }

    /// SIWA-5: an Apple ID whose verified email already has a password account is never merged silently:
    /// the person signs in to that account first, is asked, and only then is Apple added to it.
    @Test func anAppleIDWithTheEmailOfAPasswordAccountIsLinkedOnlyAfterSigningInToIt() throws {
        try withBrowser { browser, base, app in
            let owner = FormClient(app)
            try owner.createPasswordAccount(email: "grace@example.com", password: "correct horse battery staple")

            try browser.navigate(to: "\(base)/sign-in")
            try browser.waitFor("form.apple-start button").click()
            try browser.consentAtAppleEmulator(appleID: "grace@example.com", firstName: "Grace", lastName: "Hopper", hide: false)
            #expect(try browser.waitFor("main [role=status]").text.contains("already exists"))
            #expect(try browser.currentURL.hasPrefix("\(base)/sign-in"))
            #expect(try browser.find("#field-email").attribute("value") == "grace@example.com")
            try browser.find("#field-password").sendKeys("correct horse battery staple")
            try browser.find("form[action='/sign-in'] button[type=submit]").click()
            let add = try browser.waitFor("form[action='/account/apple/link'] button[value=link]")
            #expect(try browser.find("main h1").text == "Add Sign in with Apple (grace@example.com) to this account?")
            let accountID = try #require(try app.withStore { try $0.identity(method: .password, subject: "grace@example.com") }?.accountID)
            #expect(try app.withStore { try $0.identities(of: accountID) }.map(\.method) == [.password], "asked first")
            try add.click()
            #expect(try browser.waitFor("main [role=status]").text.contains("has been added"))
            #expect(try app.withStore { try $0.identities(of: accountID) }.map(\.method).sorted { $0.rawValue < $1.rawValue } == [.apple, .password])
        }
    }

    /// SIWA-11: when the person revokes consent at Apple, their Apple sessions end.
    @Test func revokingConsentAtAppleEndsTheAppleSessions() throws {
        try withBrowser { browser, base, app in
            try browser.navigate(to: "\(base)/sign-in")
            try browser.waitFor("form.apple-start button").click()
            try browser.consentAtAppleEmulator(appleID: "katherine@icloud.example", firstName: "Katherine", lastName: "Johnson", hide: false)
            _ = try browser.waitFor("form[action='/sign-out']")
            let subject = try #require(try app.withStore { try $0.identities(of: try signedInAccount(browser, app)) }.first?.subject)

            #expect(try notify(app, type: "consent-revoked", subject: subject) == 200)
            try browser.navigate(to: "\(base)/account")
            _ = try browser.waitFor("a[href='/sign-in']")
            #expect(try browser.currentURL.hasPrefix("\(base)/sign-in"), "the session is gone")
            // In the account's audit trail, as news from Apple: no address or device of the person's.
            let account = try #require(try app.withStore { try $0.appleIdentity(subject: subject) }?.accountID)
            let event = try #require(try app.withStore { try $0.auditEvents(of: account, since: nil, limit: 1) }.first)
            #expect(event.kind == .appleNotification && event.detail == "consent-revoked")
            #expect(event.clientAddress == nil && event.userAgent == nil)
        }
    }

    // MARK: Steps

    private func withBrowser(_ body: (BrowserSession, String, TestApplication) throws -> Void) throws {
        let (app, port) = try TestApplication.startedOnLocalhost()
        defer { app.application.shutdown() }
        let driver = try ChromeDriver()
        defer { driver.shutdown() }
        let browser = try driver.newSession()
        try body(browser, "http://localhost:\(port)", app)
    }

    private func signOut(_ browser: BrowserSession) throws {
        try browser.find("form[action='/sign-out'] button").click()
        _ = try browser.waitFor("a[href='/sign-in']")
    }

    /// Asks the emulator to send Apple's server-to-server notification; returns the status Vestibule gave it.
    private func notify(_ app: TestApplication, type: String, subject: String) throws -> Int {
        let emulator = try #require(app.appleEmulatorOrigin)
        let response = try HTTPClient(userAgent: "test").postJSON(
            emulator + "/emulator/notify",
            body: Array(#"{"type":"\#(type)","sub":"\#(subject)","clientID":"dev.vestibule.web"}"#.utf8)
        )
        return JSONValue(parsing: response.body)?["status"]?.intValue ?? response.status
    }

    /// The account the browser's session belongs to.
    private func signedInAccount(_ browser: BrowserSession, _ app: TestApplication) throws -> AccountID {
        let token = try #require(try browser.cookie(named: "vestibule_session"))
        return try #require(try app.withStore { store in
            try SessionManager(store: store, policy: SessionPolicy(), clock: { Date() }).authenticate(SessionToken(value: token))
        }?.account.id)
    }
}
