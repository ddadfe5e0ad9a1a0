import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleTesting
import VestibuleWebDriver

/// Issue #16's story, in two real Chromium browsers with virtual platform authenticators: an operator signs in with
/// a passkey, finds an account and sends a recovery link; the person opens it from the outbox, adds a passkey and
/// signs in with it; the operator turns the account off and the person's session ends at their next request. Every
/// step is in the audit trail, on the operator's page and in the person's "Recent activity".
@Suite(.serialized, .enabled(if: ChromeDriver.isAvailable, "needs chromium and chromium-driver (make test installs them)"))
struct RecoveryStoryTests {
    private static let email = "ada@example.com"

    @Test func anOperatorHelpsAPersonBackInAndLaterTurnsTheAccountOff() throws {
        let (app, port) = try TestApplication.startedOnLocalhost()
        defer { app.application.shutdown() }
        let base = "http://localhost:\(port)"
        let driver = try ChromeDriver()
        defer { driver.shutdown() }
        // Ada forgot the password of the account she made on another device, where she is still signed in.
        let (elsewhere, account) = try app.passwordPerson(email: Self.email, password: "a password long forgotten")

        // The operator: a passkey account, made an operator as `vestibule operators add` does, signed in by passkey.
        let console = try driver.newSession()
        _ = try console.addVirtualAuthenticator()
        try console.navigate(to: "\(base)/sign-up")
        try console.waitFor("form[data-passkey=sign-up] #field-displayName").sendKeys("Olivia")
        try console.find("form[data-passkey=sign-up] button[type=submit]").click()
        _ = try console.waitFor("form[action='/sign-out']")
        let operatorID = try #require(try app.withStore { try $0.searchAccounts(matching: "Olivia", limit: 1).first?.id })
        try app.withStore { try $0.addOperator(operatorID, at: Date()) }
        try console.find("form[action='/sign-out'] button").click()
        _ = try console.waitFor("a[href='/sign-in']")
        try console.navigate(to: "\(base)/sign-in")
        _ = try console.waitFor("form[action='/sign-out']")  // AutoFill signs in with the one passkey there is

        try console.navigate(to: "\(base)/operator")
        try console.waitFor("input[name=q]").sendKeys("ada@")
        try console.find("form[role=search] button").click()
        try console.waitFor("a[href='/operator/accounts/\(account.rawValue)']").click()
        try console.waitFor("form[action$='/send-recovery-link'] button").click()
        _ = try console.waitFor("form[action$='/send-recovery-link'] input[name=confirmed]")
        try console.find("form[action$='/send-recovery-link'] button").click()
        _ = try console.waitFor("[role=status]")
        #expect(try console.pageSource.contains("A recovery link is on its way"))

        // Ada, on a new device: the link from her mail, a passkey added with it, then a sign-in with that passkey.
        let person = try driver.newSession()
        let authenticator = try person.addVirtualAuthenticator()
        let link = try app.recoveryLinks(to: Self.email)[0]
        try person.navigate(to: base + link)
        let add = try person.waitFor("[data-passkey=recover] button")
        try eventually("the script to reveal the button") { try add.isDisplayed }
        try add.click()
        // The sign-in page it leads to offers the new passkey through AutoFill, which the virtual authenticator takes.
        _ = try person.waitFor("form[action='/sign-out']")
        #expect(try person.currentURL == "\(base)/account")
        #expect(try person.credentials(authenticatorID: authenticator).count == 1)
        #expect(try elsewhere.get("/account").headers["Location"] == "/sign-in", "the old device was signed out")
        let activity = try person.find("main").text
        #expect(activity.contains("Signed in with a passkey"))
        #expect(activity.contains("Used a recovery link to add the passkey"))
        #expect(activity.contains("A recovery link was sent to your email"))

        // The operator turns the account off; Ada's next request finds her signed out.
        try console.navigate(to: "\(base)/operator/accounts/\(account.rawValue)")
        #expect(try console.find("main").text.contains("Used a recovery link to add the passkey"))
        try console.find("form[action$='/disable'] button").click()
        _ = try console.waitFor("form[action$='/disable'] input[name=confirmed]")
        try console.find("form[action$='/disable'] button").click()
        _ = try console.waitFor("form[action$='/enable']")
        try person.refresh()
        _ = try person.waitFor("[data-passkey=sign-in]")
        #expect(try person.currentURL.hasPrefix("\(base)/sign-in"), "signed out at the next request")

        // The sign-in page's AutoFill offers her passkey again, and the sign-in is refused.
        let refusal = try person.waitFor("[data-passkey-error]")
        try eventually("the refusal to show") { try refusal.isDisplayed }
        let refused = try refusal.text
        #expect(refused.contains("turned this account off"), "\(refused)")

        let trail = try app.events(of: account)
        #expect(trail.prefix(5).map(\.kind) == [.signIn, .accountDisabled, .signIn, .recoveryLinkUsed, .recoveryLinkSent])
        #expect(trail[0].outcome == .failed && trail[0].detail == "account disabled")
        #expect(trail[1].operatorID == operatorID && trail[4].operatorID == operatorID)
        #expect(trail[2].method == .passkey && trail[3].method == .passkey && trail[3].operatorID == nil)
        let operatorView = try console.find("main").text
        for step in ["Turned off by the people who run this site", "Signed in with a passkey", "Used a recovery link", "A recovery link was sent"] {
            #expect(operatorView.contains(step), "the operator's page shows “\(step)”")
        }

        // Turned on again, Ada signs in and finds the operator's steps in her own activity.
        try console.find("form[action$='/enable'] button").click()
        _ = try console.waitFor("form[action$='/enable'] input[name=confirmed]")
        try console.find("form[action$='/enable'] button").click()
        _ = try console.waitFor("form[action$='/disable']")
        try person.navigate(to: "\(base)/sign-in")
        _ = try person.waitFor("form[action='/sign-out']")
        let later = try person.find("main").text
        #expect(later.contains("Turned off by the people who run this site") && later.contains("Done by an operator of this site"))
    }
}
