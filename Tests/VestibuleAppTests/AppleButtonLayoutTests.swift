import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleJSON
import VestibuleWebDriver

/// SIWA-15 in real Chromium, on a phone (390 × 844): on the sign-in page the Sign in with Apple button is
/// visible without scrolling and no smaller than the other sign-in buttons, at every text size from 100 % to
/// 312 %, whichever method this browser used last. With the Apple ID emulator, the text button carries a neutral
/// mark where Apple's logo sits on Apple's own.
@Suite(.serialized, .enabled(if: ChromeDriver.isAvailable, "needs chromium and chromium-driver (make test installs them)"))
struct AppleButtonLayoutTests {
    static let steps = [100, 135, 194, 235, 312]

    @Test(arguments: ["passkey", "password", "apple"])
    func theAppleButtonIsInTheFirstScreenAndNoSmallerThanTheOthers(lastMethod: String) throws {
        let (app, port) = try TestApplication.startedOnLocalhost()
        defer { app.application.shutdown() }
        let driver = try ChromeDriver()
        defer { driver.shutdown() }
        for step in Self.steps {
            let browser = try driver.newSession(BrowserOptions(defaultFontSize: 16 * step / 100))
            defer { browser.close() }
            try browser.setViewport(width: 390, height: 844)
            try browser.navigate(to: "http://localhost:\(port)/")
            try browser.addCookie(name: "vestibule_last_method", value: lastMethod)
            try browser.navigate(to: "http://localhost:\(port)/sign-in")
            _ = try browser.waitFor("[data-passkey=sign-in]:not([hidden]) button, form[action='/sign-in'] button")
            let measured = try browser.executeScript(
                """
                const box = (el) => el && el.offsetParent !== null ? el.getBoundingClientRect() : null;
                const apple = box(document.querySelector('form.apple-start button'));
                const measure = (selector) => [...document.querySelectorAll(selector)].map(box).filter((r) => r && r.width > 0);
                // Heights compare within the group of buttons; a password form's button, outside it, may wrap
                // its longer title one line earlier, so it is compared by width.
                const grouped = measure('.sign-in-methods [data-passkey=sign-in] button');
                const all = grouped.concat(measure('form[action="/sign-in"] button'));
                const mark = getComputedStyle(document.querySelector('form.apple-start button'), '::before');
                return { appleBottom: apple.bottom, appleWidth: apple.width, appleHeight: apple.height,
                         mark: mark.backgroundImage.startsWith('radial-gradient') && mark.content.includes(String.fromCharCode(160)),
                         viewport: window.innerHeight,
                         otherWidth: Math.max(0, ...all.map((r) => r.width)),
                         otherHeight: Math.max(0, ...grouped.map((r) => r.height)) };
                """
            )
            let context = "\(lastMethod) first, \(step) %: \(measured)"
            let bottom = try #require(measured["appleBottom"]?.doubleValue)
            #expect(bottom <= (measured["viewport"]?.doubleValue ?? 0), "visible without scrolling: \(context)")
            #expect(measured["mark"] == true, "the neutral mark where Apple's logo sits, glued to the title: \(context)")
            #expect((measured["appleHeight"]?.doubleValue ?? 0) >= (measured["otherHeight"]?.doubleValue ?? 0) - 0.5, "\(context)")
            #expect((measured["appleWidth"]?.doubleValue ?? 0) >= (measured["otherWidth"]?.doubleValue ?? 0) - 0.5, "\(context)")
        }
    }
}
