import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleHTTP
import VestibuleJSON

/// SIWA-7, SIWA-14: every sign-up lands on the welcome page, which greets by the shared name or else the email
/// and, for an Apple private relay address, says where our mail goes, or that it will not arrive and how to
/// turn forwarding back on.
@Suite struct WelcomePageTests {
    @Test func theWelcomePageGreetsByTheSharedNameAndSaysWhereRelayMailGoes() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (account, cookie) = try app.signIn()

        let page = try app.respond("/welcome", headers: ["Cookie": cookie])
        #expect(page.status == .ok)
        #expect(page.text.contains("<h1>Welcome, <bdi>Ada</bdi>!</h1>"))
        #expect(page.text.contains("data-relay=\"forwarding\""))
        #expect(page.text.contains("<bdi>ada@privaterelay.appleid.com</bdi>, a private address from Apple. Apple forwards them"))
        #expect(page.text.contains("href=\"/continue\""), "Continue goes on to where the person was going")
        #expect(!page.text.contains("<form class=\"stacked-form\""), "no policy: nothing to ask")

        try app.withStore { store in
            let subject = try #require(try store.appleIdentities(of: account.id).first).subject
            try store.setAppleEmailForwarding(subject: subject, disabledAt: Date(), at: Date())
        }
        let off = try app.respond("/welcome", headers: ["Cookie": cookie, "Accept-Language": "de"]).text
        #expect(off.contains("data-relay=\"off\""))
        #expect(off.contains("deshalb erreichen sie dich nicht"), "mail will not arrive")
        #expect(off.contains("schalte die Weiterleitung in den Einstellungen"), "and how to turn forwarding back on")
    }

    @Test func withoutASharedNameTheWelcomePageGreetsByTheEmail() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let account = Account(email: "grace@example.com", createdAt: Date())
        try app.withStore { store in
            try store.createAccount(
                account, identity: Identity(accountID: account.id, method: .password, subject: "grace@example.com", createdAt: Date())
            )
        }
        let (_, cookie) = try app.signIn(to: account)
        let page = try app.respond("/welcome", headers: ["Cookie": cookie, "Accept-Language": "ja"]).text
        #expect(
            page.contains(#"<h1><bdi>grace@example.com</bdi>さ<span class="kinsoku">ん、</span><wbr>ようこそ</h1>"#),
            "a phrase break, none in the address, and the comma kept with its word"
        )
        #expect(!page.contains("data-relay"), "not a relay address: nothing to explain")
    }

    @Test func signedOutTheWelcomePageLeadsToSignIn() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        #expect(try app.respond("/welcome").headers["Location"] == "/sign-in")
    }

    /// Every way to sign up ends on `/welcome`: a password (after the emailed code), a passkey, and Sign in
    /// with Apple on the web and in an app (`AppleNativeTests`, `AppleStoryTests`, `PasskeyStoryTests`).
    @Test func aPasswordSignUpEndsOnTheWelcomePage() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let browser = FormClient(app)
        try browser.get("/sign-up")
        try browser.post("/sign-up", ["email": "katherine@example.com", "password": "correct horse battery staple"])
        let code = try app.waitForCode(to: "katherine@example.com")
        try browser.get("/verify-email")
        let verified = try browser.post("/verify-email", ["email": "katherine@example.com", "code": code])
        #expect(verified.headers["Location"] == "/welcome")
        #expect(try browser.get("/welcome").text.contains("<h1>Welcome, <bdi>katherine@example.com</bdi>!</h1>"))
    }
}
