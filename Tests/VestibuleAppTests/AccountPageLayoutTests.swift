import Testing
import VestibuleAppTesting
import VestibuleTesting
import VestibuleWebDriver

/// The account page on a phone, in headless Chromium with a virtual platform authenticator. On a narrow screen
/// each passkey's and session's row stacks its details over its form; the details' flex basis (16em, a width
/// in a row) then became a height, and left a blank band of several lines in every item (issue 19's screenshots).
/// And "Your data" spaced everything inside a section by the large step meant only for the section's start.
@Suite(.serialized, .enabled(if: ChromeDriver.isAvailable, "needs chromium and chromium-driver (make test installs them)"))
struct AccountPageLayoutTests {
    @Test(arguments: [100, 312])
    func theAccountPagesKeepTheSpacingScaleOnAPhone(percent: Int) throws {
        let (app, port) = try TestApplication.startedOnLocalhost()
        defer { app.application.shutdown() }
        let driver = try ChromeDriver()
        defer { driver.shutdown() }
        let browser = try driver.newSession(BrowserOptions(defaultFontSize: 16 * percent / 100))
        _ = try browser.addVirtualAuthenticator()
        try browser.setViewport(width: 390, height: 844)
        let base = "http://localhost:\(port)"
        try browser.navigate(to: base + "/sign-up")
        try browser.waitFor("form[data-passkey=sign-up] #field-displayName").sendKeys("Ada Lovelace")
        try browser.find("form[data-passkey=sign-up] button[type=submit]").click()
        _ = try browser.waitFor("main a[href='/continue']", timeout: .seconds(15))
        try browser.navigate(to: base + "/account")
        _ = try browser.waitFor(".item-details")
        // Each item's details box is as tall as what it holds, give or take a pixel.
        let slack = try browser.executeScript(
            """
            return [...document.querySelectorAll('.item-details')].map((details) => {
              const children = [...details.children].map((child) => child.getBoundingClientRect());
              const content = Math.max(...children.map((r) => r.bottom)) - Math.min(...children.map((r) => r.top));
              return details.getBoundingClientRect().height - content;
            });
            """
        )
        let slacks = (slack.arrayValue ?? []).compactMap(\.doubleValue)
        #expect(slacks.count >= 2, "a passkey and a session: \(slack)")
        #expect(slacks.allSatisfy { $0 <= 1 }, "blank space in the details, px: \(slacks)")

        // "Your data": a section's heading opens it with the large step (2.5 rem), and what follows inside it is
        // spaced by the ordinary one (1 rem), not by the step the section itself asked for.
        try browser.navigate(to: base + "/account/data")
        let gaps = try browser.executeScript(
            """
            const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
            const section = document.querySelector('section.data-section + section.data-section');
            const top = (el) => el.getBoundingClientRect().top, bottom = (el) => el.getBoundingClientRect().bottom;
            const [heading, why] = [section.querySelector('h2'), section.querySelector('h2 + p')];
            return { before: (top(section) - bottom(section.previousElementSibling)) / rem,
                     inside: (top(why) - bottom(heading)) / rem };
            """
        )
        #expect(abs((gaps["before"]?.doubleValue ?? 0) - 2.5) < 0.05, "\(gaps)")
        #expect(abs((gaps["inside"]?.doubleValue ?? 0) - 1) < 0.05, "\(gaps)")
    }
}
