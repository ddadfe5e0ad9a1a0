import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleHTTP
import VestibuleJSON
import VestibuleMail
import VestibuleTesting
import VestibuleWebDriver

/// Passkeys in real headless Chromium with WebDriver's virtual authenticator (a platform authenticator
/// with user verification, like Face ID or Touch ID): sign up with a passkey alone, sign out, sign in
/// through AutoFill and through the button; then what the relying party must refuse or flag.
@Suite(.serialized, .enabled(if: ChromeDriver.isAvailable, "needs chromium and chromium-driver (make test installs them)"))
struct PasskeyStoryTests {
    @Test func aPersonSignsUpWithAPasskeyAndSignsInThroughAutoFillAndThroughTheButton() throws {
        try withBrowser { browser, base, _, authenticator in
            try signUp(browser, base: base, name: "Ada Lovelace")
            #expect(try browser.find("main h1").text == "Welcome, Ada Lovelace!", "welcomed by the name given")
            try browser.navigate(to: "\(base)/account")
            _ = try browser.waitFor("[data-passkey-item]")
            let source = try browser.pageSource
            #expect(source.contains("Using a passkey"))
            #expect(!source.contains("Using a password"), "a passkey-only account has no password")
            #expect(try browser.findAll("[data-passkey-item]").count == 1)
            #expect(try browser.credentials(authenticatorID: authenticator).count == 1)
            try signOut(browser)

            // AutoFill: the sign-in page starts a conditional request, which the virtual authenticator answers
            // at once (a person would pick the passkey in the email field's suggestions).
            try browser.navigate(to: "\(base)/sign-in")
            _ = try browser.waitFor("form[action='/sign-out']")
            #expect(try browser.currentURL == "\(base)/account")
            try signOut(browser)

            // The button: with the passkey out of the authenticator, AutoFill finds nothing and waits; put
            // back, the button's modal request (which first ends the waiting AutoFill request) finds it.
            let credential = try #require(try browser.credentials(authenticatorID: authenticator).first)
            let credentialID = try #require(credential["credentialId"]?.stringValue)
            try browser.removeCredential(credentialID, authenticatorID: authenticator)
            try browser.navigate(to: "\(base)/sign-in")
            let button = try browser.waitFor("[data-passkey=sign-in] button")
            #expect(try button.text == "Sign in with a passkey")
            #expect(try browser.currentURL == "\(base)/sign-in", "nothing signs in without a passkey")
            try browser.addCredential(credential, authenticatorID: authenticator)
            try button.click()
            _ = try browser.waitFor("form[action='/sign-out']")
            #expect(try browser.currentURL == "\(base)/account")
        }
    }

    /// AUTH-9: loading the sign-in page starts only AutoFill (conditional mediation, no prompt); a modal
    /// request happens when the button is pressed, and never on its own.
    @Test func onlyAButtonPressStartsAModalPasskeyRequest() throws {
        try withBrowser { browser, base, _, _ in
            // The authenticator holds no passkey yet, so AutoFill waits and the modal request stays open.
            // Record every navigator.credentials.get call, in every document, before the page's scripts run.
            _ = try browser.executeCDP(
                "Page.addScriptToEvaluateOnNewDocument",
                [
                    "source": """
                    window.__passkeyRequests = [];
                    const get = navigator.credentials.get.bind(navigator.credentials);
                    navigator.credentials.get = (options) => {
                      window.__passkeyRequests.push(options.mediation || "modal");
                      return get(options);
                    };
                    """,
                ]
            )
            try browser.navigate(to: "\(base)/sign-in")
            let button = try browser.waitFor("[data-passkey=sign-in] button")
            // Exactly these requests, in this order: one started on its own (a modal one too) would be in the list.
            let requests = { try browser.executeScript("return window.__passkeyRequests") }
            _ = try eventually { try requests() == ["conditional"] }
            #expect(try requests() == ["conditional"])
            #expect(try !browser.find("[data-passkey-error]").isDisplayed, "AutoFill finding nothing is not an error")
            try button.click()
            _ = try eventually { try requests() == ["conditional", "modal"] }
            #expect(try requests() == ["conditional", "modal"])
        }
    }

    @Test func anAnswerIsAcceptedOnceAndItsChallengeCannotBeUsedAgain() throws {
        try withBrowser { browser, base, app, _ in
            try signUp(browser, base: base, name: "Mary Jackson")
            try signOut(browser)
            let options = try apiJSON(app, "/api/v1/passkeys/authentication/options", "{}")
            let answer = String(decoding: try assertion(in: browser, options: options["publicKey"] ?? .null).serialized, as: UTF8.self)
            let body = #"{"credential":\#(answer),"sessionDelivery":"token"}"#

            let first = try app.respond(
                "/api/v1/passkeys/authentication", method: .post, headers: ["Content-Type": "application/json"], body: body
            )
            #expect(first.status == .ok)
            #expect(JSONValue(parsing: first.body)?["sessionToken"]?.stringValue?.isEmpty == false)
            let replay = try app.respond(
                "/api/v1/passkeys/authentication", method: .post, headers: ["Content-Type": "application/json"], body: body
            )
            #expect(replay.status == .badRequest)
            #expect(JSONValue(parsing: replay.body)?["error"]?.stringValue == "challengeUnknown")
        }
    }

    @Test func aSignatureCounterThatGoesBackwardsIsFlaggedOnThePasskey() throws {
        try withBrowser { browser, base, _, authenticator in
            try signUp(browser, base: base, name: "Grace Hopper")
            try signOut(browser)
            try browser.navigate(to: "\(base)/sign-in")
            _ = try browser.waitFor("form[action='/sign-out']")
            #expect(try browser.findAll("[data-clone-warning]").isEmpty, "an advancing counter is not flagged")
            try signOut(browser)

            // A copy of the passkey with an older counter, as a cloned authenticator would present it.
            var credential = try #require(try browser.credentials(authenticatorID: authenticator).first)
            #expect((credential["signCount"]?.intValue ?? 0) >= 2)
            let credentialID = try #require(credential["credentialId"]?.stringValue)
            try browser.removeCredential(credentialID, authenticatorID: authenticator)
            guard case .object(var fields) = credential else { throw TestFailure("credential is not an object") }
            fields["signCount"] = 0
            credential = .object(fields)
            try browser.addCredential(credential, authenticatorID: authenticator)

            try browser.navigate(to: "\(base)/sign-in")
            _ = try browser.waitFor("form[action='/sign-out']")
            let warning = try browser.waitFor("[data-clone-warning]")
            #expect(try warning.text.contains("may have been copied") || warning.text.contains("copied"))
        }
    }

    @Test func anAssertionMadeOnAnotherOriginIsRefused() throws {
        try withBrowser { browser, base, app, _ in
            try signUp(browser, base: base, name: "Katherine Johnson")
            try signOut(browser)
            // Another site on the same RP ID (localhost) gets the passkey to sign a challenge Vestibule issued.
            let (other, otherPort) = try TestApplication.startedOnLocalhost()
            defer { other.application.shutdown() }
            try browser.navigate(to: "http://localhost:\(otherPort)/")
            let options = try apiJSON(app, "/api/v1/passkeys/authentication/options", "{}")
            let answer = try assertion(in: browser, options: options["publicKey"] ?? .null)

            let response = try app.respond(
                "/api/v1/passkeys/authentication", method: .post, headers: ["Content-Type": "application/json"],
                body: #"{"credential":\#(String(decoding: answer.serialized, as: UTF8.self))}"#
            )
            #expect(response.status == .badRequest)
            #expect(JSONValue(parsing: response.body)?["error"]?.stringValue == "originNotAllowed")
        }
    }

    @Test func userVerificationRequiredButNotPerformedIsRefused() throws {
        try withBrowser(configure: { $0.passkeyRequiresUserVerification = true }) { browser, base, app, authenticator in
            try signUp(browser, base: base, name: "Dorothy Vaughan")
            try signOut(browser)
            // The authenticator can verify but is told not to: its flags say present, not verified.
            try browser.navigate(to: "\(base)/")
            let options = try apiJSON(app, "/api/v1/passkeys/authentication/options", "{}")
            #expect(options["publicKey"]?["userVerification"]?.stringValue == "required")
            guard case .object(var request) = options["publicKey"] ?? .null else { throw TestFailure("no options") }
            request["userVerification"] = "discouraged"
            try browser.setUserVerified(false, authenticatorID: authenticator)
            let answer = try assertion(in: browser, options: .object(request))

            let response = try app.respond(
                "/api/v1/passkeys/authentication", method: .post, headers: ["Content-Type": "application/json"],
                body: #"{"credential":\#(String(decoding: answer.serialized, as: UTF8.self))}"#
            )
            #expect(response.status == .badRequest)
            #expect(JSONValue(parsing: response.body)?["error"]?.stringValue == "userNotVerified")
        }
    }

    /// Adding a passkey (here from the offer after a password sign-in) is mailed to the account's address, so a
    /// passkey someone else added is noticed (issue #13, finding 13).
    @Test func addingAPasskeyMailsANoticeToTheAccountsAddress() throws {
        try withBrowser { browser, base, app, authenticator in
            try FormClient(app).createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")
            try browser.navigate(to: "\(base)/sign-in")
            try browser.waitFor("details.other-ways summary").click()  // a passkey leads; the password waits here
            try browser.find("#field-email").sendKeys("ada@example.com")
            try browser.find("#field-password").sendKeys("correct horse battery staple")
            try browser.find("form[action='/sign-in'] button[type=submit]").click()
            let add = try browser.waitFor("[data-passkey=register] button")
            try eventually("the script to reveal the button") { try add.isDisplayed }
            try add.click()
            _ = try browser.waitFor("[data-passkey-item]")
            #expect(try browser.currentURL == "\(base)/account?notice=passkey-added")
            #expect(try browser.credentials(authenticatorID: authenticator).count == 1)

            let outbox = try OutboxMailer(directory: app.dataDirectory + "/outbox")
            try eventually("a notice of the new passkey") {
                try outbox.messages().first { $0.to == "ada@example.com" && $0.textBody.contains("was added") }
            }
        }
    }

    // MARK: Steps

    /// A fresh Vestibule on localhost, a browser with a virtual platform authenticator, and cleanup after.
    private func withBrowser(
        configure: (inout Configuration) -> Void = { _ in },
        _ body: (BrowserSession, String, TestApplication, String) throws -> Void
    ) throws {
        let (app, port) = try TestApplication.startedOnLocalhost(configure: configure)
        defer { app.application.shutdown() }
        let driver = try ChromeDriver()
        defer { driver.shutdown() }
        let browser = try driver.newSession()
        let authenticator = try browser.addVirtualAuthenticator()
        try body(browser, "http://localhost:\(port)", app, authenticator)
    }

    private func signUp(_ browser: BrowserSession, base: String, name: String) throws {
        try browser.navigate(to: "\(base)/sign-up")
        try browser.waitFor("form[data-passkey=sign-up] #field-displayName").sendKeys(name)
        try browser.find("form[data-passkey=sign-up] button[type=submit]").click()
        _ = try browser.waitFor("form[action='/sign-out']")
        #expect(try browser.currentURL == "\(base)/welcome", "a new account is welcomed first")
    }

    private func signOut(_ browser: BrowserSession) throws {
        try browser.find("form[action='/sign-out'] button").click()
        _ = try browser.waitFor("a[href='/sign-in']")
    }

    /// Asks the browser's authenticator to sign `options` on the page it is showing; returns `toJSON()`.
    private func assertion(in browser: BrowserSession, options: JSONValue) throws -> JSONValue {
        let result = try browser.executeAsyncScript(
            """
            const done = arguments[arguments.length - 1];
            navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(arguments[0]) })
              .then((credential) => done(credential.toJSON()), (error) => done({ failed: String(error) }));
            """,
            [options]
        )
        if let failure = result["failed"]?.stringValue { throw TestFailure("the browser refused: \(failure)") }
        return result
    }

    /// POSTs JSON to the API as a native app would (no cookies) and returns the parsed reply.
    private func apiJSON(_ app: TestApplication, _ path: String, _ body: String) throws -> JSONValue {
        let response = try app.respond(path, method: .post, headers: ["Content-Type": "application/json"], body: body)
        guard response.status == .ok, let json = JSONValue(parsing: response.body) else {
            throw TestFailure("\(path) answered \(response.status.code): \(response.text)")
        }
        return json
    }
}
