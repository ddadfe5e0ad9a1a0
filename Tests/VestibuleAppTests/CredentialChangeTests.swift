import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleMail
import VestibuleTesting

/// Changing how an account signs in (its password, its passkeys, Sign in with Apple) needs a sign-in from the
/// last ten minutes and never a session an app was handed, and each change is mailed to the account's address:
/// a session left open, a stolen token or an app cannot quietly lock the owner out.
@Suite struct CredentialChangeTests {
    static let email = "ada@example.com", password = "correct horse battery staple"

    /// Someone at a computer where Ada signed in twenty minutes ago.
    @Test func aSessionOlderThanTenMinutesCannotChangeThePasswordOrPasskeysOrUnlinkApple() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let account = try Self.passwordAccount(in: app)
        try app.addPasskey(to: account, name: "Phone")
        let stale = try Self.session(of: account, signedInSecondsAgo: 1_200, in: app)
        let browser = FormClient(app)
        browser.adopt(cookies: ["vestibule_session": stale])

        try browser.get("/account")
        let change = try browser.post("/account/password", ["password": Self.password, "new-password": "the intruder's passphrase"])
        #expect(change.headers["Location"] == "/sign-in?notice=sign-in-again")
        #expect(try Self.signsIn(app, password: Self.password), "the password is unchanged")
        #expect(try browser.get("/account/password").headers["Location"] == "/sign-in?notice=sign-in-again")

        let page = try browser.get("/account")
        let passkey = try #require(Self.passkeyID(in: page.text))
        #expect(try browser.post("/account/passkeys/\(passkey)/delete", [:]).headers["Location"] == "/sign-in?notice=sign-in-again")
        #expect(try app.withStore { try $0.passkeys(of: account.id) }.count == 1)
        let addApple = try browser.post("/apple/start", ["purpose": "link"])
        #expect(addApple.headers["Location"] == "/sign-in?notice=sign-in-again", "no trip to Apple to add a way in")
        let options = try APIClient(app: app, bearer: stale).post("/api/v1/passkeys/registration/options")
        #expect(options.status == .forbidden && options.error == "signInAgain")
        #expect(options.json["message"]?.stringValue?.isEmpty == false)

        let (appleAccount, _) = try app.signIn()
        try app.addPasskey(to: appleAccount, name: "Laptop")
        let subject = try #require(try app.withStore { try $0.appleIdentities(of: appleAccount.id) }.first).subject
        let other = FormClient(app)
        other.adopt(cookies: ["vestibule_session": try Self.session(of: appleAccount, signedInSecondsAgo: 1_200, in: app)])
        try other.get("/account")
        #expect(try other.post("/account/apple/unlink", ["subject": subject]).headers["Location"] == "/sign-in?notice=sign-in-again")
        #expect(try app.withStore { try $0.appleIdentity(subject: subject) } != nil)
        #expect(try other.get("/sign-in?notice=sign-in-again").text.contains("sign in again"))
    }

    /// The hand-off gives a shop's server a session for its person, fresh: it may act for them, not change how
    /// they sign in or delete their account, whether it sends the token as a bearer or as the session cookie.
    @Test func aSessionMadeForAnAppByTheHandoffCannotChangeCredentialsOrDeleteTheAccount() throws {
        let app = try TestApplication { $0.apps = TestApps.registry }
        defer { app.application.shutdown() }
        let person = FormClient(app)
        try person.createPasswordAccount(email: Self.email, password: Self.password)
        let (url, key) = try HandoffTests.handoff(app, mode: "signIn")
        try person.get(HandoffTests.path(of: url))
        let exchange = try HandoffTests.exchange(app, code: try HandoffTests.returnCode(HandoffTests.confirm(person)), key: key)
        let token = try #require(exchange.json["sessionToken"]?.stringValue)

        let options = try APIClient(app: app, bearer: token).post("/api/v1/passkeys/registration/options")
        #expect(options.status == .forbidden && options.error == "signInAgain")
        let shop = FormClient(app)
        shop.adopt(cookies: ["vestibule_session": token])
        try shop.get("/account")
        let change = try shop.post("/account/password", ["password": Self.password, "new-password": "the shop's passphrase"])
        #expect(change.headers["Location"] == "/sign-in?notice=sign-in-again")
        #expect(try Self.signsIn(app, password: Self.password), "the password is unchanged")
        try shop.get("/account/delete")
        #expect(try shop.post("/account/delete", [:]).headers["Location"] == "/account/delete")
        #expect(try app.withStore { try $0.identity(method: .password, subject: Self.email) } != nil, "not deleted")
    }

    @Test func eachCredentialChangeMailsANoticeToTheAccountsAddress() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let browser = FormClient(app)
        try browser.createPasswordAccount(email: Self.email, password: Self.password)
        let account = try Self.passwordAccount(in: app)
        try app.addPasskey(to: account, name: "Kitchen iPad")

        try browser.get("/account/password")
        try browser.post("/account/password", ["password": Self.password, "new-password": "a brand new passphrase"])
        let page = try browser.get("/account")
        try browser.post("/account/passkeys/\(try #require(Self.passkeyID(in: page.text)))/delete", [:])

        let notices = try app.notices(to: Self.email, count: 2)
        #expect(notices.contains { $0.contains("The password of your Vestibule account was changed") })
        #expect(notices.contains { $0.contains("Kitchen iPad") && $0.contains("removed") })
    }

    /// Apple's relay drops mail once its owner turns forwarding off: no notice is sent into it.
    @Test func unlinkingAppleMailsTheRelayOnlyWhileItForwards() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        var unlinked: [String: Int] = [:]
        for (relay, forwarding) in [("on@privaterelay.appleid.com", true), ("off@privaterelay.appleid.com", false)] {
            let (account, subject) = try app.appleRelayAccount(relay: relay, forwarding: forwarding)
            try app.addPasskey(to: account, name: "Phone")
            let browser = FormClient(app)
            browser.adopt(cookies: ["vestibule_session": try Self.session(of: account, signedInSecondsAgo: 0, in: app)])
            try browser.get("/account")
            #expect(try browser.post("/account/apple/unlink", ["subject": subject]).headers["Location"] == "/account?notice=apple-unlinked")
        }
        app.application.shutdown()  // sends what is queued
        for relay in ["on@privaterelay.appleid.com", "off@privaterelay.appleid.com"] {
            unlinked[relay] = try OutboxMailer(directory: app.dataDirectory + "/outbox").messages().filter { $0.to == relay }.count
        }
        #expect(unlinked == ["on@privaterelay.appleid.com": 1, "off@privaterelay.appleid.com": 0])
    }

    // MARK: Steps

    /// Ada's password account, made through the forms when it does not exist yet.
    private static func passwordAccount(in app: TestApplication) throws -> Account {
        if try app.withStore({ try $0.identity(method: .password, subject: email) }) == nil {
            try FormClient(app).createPasswordAccount(email: email, password: password)
        }
        return try app.withStore { store in
            let identity = try #require(try store.identity(method: .password, subject: email))
            return try #require(try store.account(id: identity.accountID))
        }
    }

    /// A session token of `account` whose sign-in was `seconds` ago.
    private static func session(of account: Account, signedInSecondsAgo seconds: TimeInterval, in app: TestApplication) throws -> String {
        try app.withStore { store in
            try SessionManager(store: store, policy: SessionPolicy(), clock: { Date().addingTimeInterval(-seconds) })
                .signIn(accountID: account.id, method: .password, userAgent: "Shared computer", replacing: nil).token.value
        }
    }

    private static func signsIn(_ app: TestApplication, password: String) throws -> Bool {
        let client = FormClient(app)
        try client.get("/sign-in")
        return try client.post("/sign-in", ["email": email, "password": password]).status.code == 303
    }

    private static func passkeyID(in html: String) -> String? {
        guard let range = html.range(of: #"/account/passkeys/([A-Za-z0-9_-]+)/delete"#, options: .regularExpression) else { return nil }
        return String(html[range].dropFirst("/account/passkeys/".count).dropLast("/delete".count))
    }

    /// The bodies of the mails to `address` that are not codes, once there are at least `count`.
}
