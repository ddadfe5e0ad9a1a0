import Foundation
import Testing
import VestibuleWebDriver

/// What a test can do through one shared browser: pages, forms, scripts, text size, viewport, passkeys.
@Suite(.serialized, .enabled(if: ChromeDriver.isAvailable, chromiumMissing), .sharedBrowser, .timeLimit(.minutes(2)))
struct BrowserTests {
    @Test func navigatingFindsElementsByCSSWithTheirTextAndAttributes() throws {
        let browser = try SharedBrowser.require()
        let session = browser.session
        try session.navigate(to: browser.site.url("/"))
        #expect(try session.currentURL == browser.site.url("/"))
        #expect(try session.title == "Fixture home")
        #expect(try session.pageSource.contains("data-kind=\"greeting\""))
        let heading = try session.find("#heading")
        #expect(try heading.text == "Welcome")
        #expect(try heading.attribute("data-kind") == "greeting")
        #expect(try heading.attribute("data-missing") == nil)
        #expect(try heading.isDisplayed)
        #expect(try heading.rect.width > 0)
        #expect(try session.findAll("h1, a").count == 2)
    }

    @Test func aTypedAndSubmittedFormReachesTheServerAndTheNextPageShowsIt() throws {
        let browser = try SharedBrowser.require()
        let session = browser.session
        try session.navigate(to: browser.site.url("/form"))
        let input = try session.find("#name")
        try input.sendKeys("placeholder")
        try input.clear()
        try input.sendKeys("Ada 和子 <3")
        #expect(try input.property("value") == "Ada 和子 <3")
        try session.find("#send").click()
        let greeting = try session.waitFor("#greeting")
        #expect(try greeting.text == "Hello, Ada 和子 <3!")
        #expect(browser.site.receivedNames.last == "Ada 和子 <3")
        #expect(try session.currentURL == browser.site.url("/submit"))
    }

    @Test func executeScriptReturnsTypedJSONAndReceivesArguments() throws {
        let session = try SharedBrowser.require().session
        let value = try session.executeScript(
            "return {sum: arguments[0] + 1, text: arguments[1], flag: true, list: [1.5, null], none: null}",
            [41, "日本語"]
        )
        #expect(value == ["sum": 42, "text": "日本語", "flag": true, "list": [1.5, nil], "none": nil])
        #expect(value["sum"]?.intValue == 42)
    }

    @Test func aScriptThatThrowsFailsWithJavascriptError() throws {
        let session = try SharedBrowser.require().session
        let error = try #require(throws: WebDriverError.self) {
            try session.executeScript("throw new Error('deliberate failure')")
        }
        #expect(error.code == .javascript)
        #expect(error.message.contains("deliberate failure"))
    }

    @Test func scriptsReturnElementsThatCanBeUsedAndPassedBack() throws {
        let browser = try SharedBrowser.require()
        try browser.session.navigate(to: browser.site.url("/"))
        let returned = try browser.session.executeScript("return document.querySelector('h1')")
        let heading = try #require(browser.session.element(from: returned))
        #expect(try heading.text == "Welcome")
        #expect(try browser.session.executeScript("return arguments[0].id", [heading.reference]) == "heading")
    }

    @Test func anAsyncScriptThatNeverAnswersFailsWithScriptTimeout() throws {
        let session = try SharedBrowser.require().session
        try session.setTimeouts(script: .milliseconds(300))
        defer { try? session.setTimeouts(script: .seconds(20)) }
        let error = try #require(throws: WebDriverError.self) {
            try session.executeAsyncScript("/* never calls arguments[0] */")
        }
        #expect(error.code == .scriptTimeout)
    }

    @Test func findingAMissingElementFailsWithNoSuchElement() throws {
        let browser = try SharedBrowser.require()
        try browser.session.navigate(to: browser.site.url("/"))
        let error = try #require(throws: WebDriverError.self) { try browser.session.find("#absent") }
        #expect(error.code == .noSuchElement)
        #expect(try browser.session.findAll("#absent").isEmpty)
    }

    @Test func waitForFindsAnElementThatAppearsLater() throws {
        let browser = try SharedBrowser.require()
        try browser.session.navigate(to: browser.site.url("/"))
        _ = try browser.session.executeScript("""
            setTimeout(() => { const p = document.createElement('p'); p.id = 'late'; p.textContent = 'Here';
              document.body.append(p) }, 300)
            """)
        #expect(try browser.session.waitFor("#late", timeout: .seconds(5)).text == "Here")
    }

    @Test func waitForFailsWithTimeoutWhenNothingAppears() throws {
        let browser = try SharedBrowser.require()
        try browser.session.navigate(to: browser.site.url("/"))
        let start = ContinuousClock.now
        let error = try #require(throws: WebDriverError.self) {
            try browser.session.waitFor("#never", timeout: .milliseconds(400))
        }
        #expect(error.code == .timeout)
        #expect(ContinuousClock.now - start < .seconds(3))
    }

    @Test func setFontSizesScalesRemTextButNotPixelLockedText() throws {
        let browser = try SharedBrowser.require()
        let session = browser.session
        try session.navigate(to: browser.site.url("/text"))
        let script = "return getComputedStyle(document.querySelector(arguments[0])).fontSize"
        #expect(try session.executeScript(script, ["body"]) == "16px")
        try session.setFontSizes(standard: 32, fixed: 26)
        defer { try? session.setFontSizes(standard: 16, fixed: 13) }
        #expect(try session.executeScript(script, ["body"]) == "32px")
        #expect(try session.find("#flowing").cssValue("font-size") == "32px")
        #expect(try session.executeScript(script, ["#locked"]) == "14px")
    }

    @Test func setViewportIsReflectedInTheWindowSize() throws {
        let browser = try SharedBrowser.require()
        let session = browser.session
        try session.navigate(to: browser.site.url("/"))
        try session.setViewport(width: 320, height: 568)
        defer { try? session.resetViewport() }
        #expect(try session.executeScript("return window.innerWidth") == 320)
        #expect(try session.executeScript("return window.innerHeight") == 568)
    }

    @Test func aVirtualAuthenticatorCreatesAPasskeyThatWebDriverLists() throws {
        let browser = try SharedBrowser.require()
        let session = browser.session
        try session.navigate(to: browser.site.url("/"))
        let authenticator = try session.addVirtualAuthenticator()
        defer { try? session.removeVirtualAuthenticator(authenticator) }
        #expect(try session.credentials(authenticatorID: authenticator).isEmpty)
        let created = try session.executeAsyncScript("""
            const done = arguments[arguments.length - 1];
            navigator.credentials.create({ publicKey: {
              rp: { id: "localhost", name: "Vestibule" },
              user: { id: new Uint8Array([1, 2, 3, 4]), name: "ada@example.com", displayName: "Ada" },
              challenge: crypto.getRandomValues(new Uint8Array(32)),
              pubKeyCredParams: [{ type: "public-key", alg: -7 }],
              authenticatorSelection: { residentKey: "required", userVerification: "required" },
              timeout: 10000,
            } }).then(c => done({ id: c.id, type: c.type, attachment: c.authenticatorAttachment }),
                      e => done({ error: String(e) }));
            """)
        #expect(created["error"] == nil)
        #expect(created["type"] == "public-key")
        #expect(created["attachment"] == "platform")
        let credentials = try session.credentials(authenticatorID: authenticator)
        #expect(credentials.count == 1)
        #expect(credentials.first?["rpId"] == "localhost")
        #expect(credentials.first?["isResidentCredential"] == true)
        let listedID = credentials.first?["credentialId"]?.stringValue?.trimmingCharacters(in: ["="])
        #expect(listedID == created["id"]?.stringValue)
    }

    @Test func screenshotReturnsPNGBytes() throws {
        let browser = try SharedBrowser.require()
        try browser.session.navigate(to: browser.site.url("/"))
        let png = try browser.session.screenshot()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(png.count > 1000)
    }
}
