import Testing
import VestibuleAppTesting
import VestibuleTesting
import VestibuleWebDriver

/// The account page on a phone, in headless Chromium with a virtual platform authenticator. On a narrow screen
/// each passkey's and session's row stacks its details over its form; the details' flex basis (16em, a width
/// in a row) then became a height, and left a blank band of several lines in every item (issue 19's screenshots).
@Suite(.serialized, .enabled(if: ChromeDriver.isAvailable, "needs chromium and chromium-driver (make test installs them)"))
struct AccountPageLayoutTests {
    @Test(arguments: [100, 312])
    func stackedItemsHaveNoBlankBandBetweenTheirDetailsAndTheirForm(percent: Int) throws {
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
    }
}
