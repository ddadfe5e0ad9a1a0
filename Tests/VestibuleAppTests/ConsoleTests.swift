import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleCrypto
import VestibuleHTTP
import VestibuleTesting

/// The operator console (issue #16): only an operator freshly signed in with a passkey or Apple reaches it; each
/// action is confirmed, takes effect at the person's next request, and is recorded with the operator.
@Suite struct ConsoleTests {
    private static let email = "ada@example.com"
    private static let password = "correct horse battery"

    /// Ada, signed up with a password and signed in.
    private func person(_ app: TestApplication) throws -> (FormClient, AccountID) {
        try app.passwordPerson(email: Self.email, password: Self.password)
    }

    @Test func theConsoleIsNotThereForAnyoneButAnOperator() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        #expect(try FormClient(app).get("/operator").status == .notFound)
        let (person, account) = try person(app)
        #expect(try person.get("/operator").status == .notFound)
        #expect(try person.get("/operator/accounts/\(account.rawValue)").status == .notFound)
        #expect(try person.post("/operator/accounts/\(account.rawValue)/disable", ["confirmed": "yes"]).status == .notFound)
        #expect(try app.withStore { try $0.account(id: account)?.disabledAt } == nil)
        #expect(!(try person.get("/account").text.contains("data-console")), "no link to it either")
    }

    @Test func anOperatorSignedInByPasswordOrLongAgoIsAskedToSignInAgain() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (person, account) = try person(app)
        try app.withStore { try $0.addOperator(account, at: Date()) }
        #expect(try person.get("/account").text.contains("data-console"), "the account page links to the console")
        let byPassword = try person.get("/operator")
        #expect(byPassword.status == .forbidden)
        #expect(byPassword.text.contains("a sign-in with a passkey or with Apple from the last 10 minutes"))

        let (stale, _) = try app.operatorBrowser(minutesAgo: 11)
        #expect(try stale.get("/operator").status == .forbidden)
        let (fresh, _) = try app.operatorBrowser(minutesAgo: 9)
        #expect(try fresh.get("/operator").status == .ok)
    }

    @Test func anOperatorFindsAnAccountTurnsItOffAndItsSessionEndsAtTheNextRequest() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (person, account) = try person(app)
        let (console, operatorAccount) = try app.operatorBrowser()

        let search = try console.get("/operator?q=ADA@example")
        #expect(search.status == .ok)
        #expect(search.text.contains("href=\"/operator/accounts/\(account.rawValue)\""))
        #expect(try console.get("/operator?q=nobody%25").text.contains("No account matches"), "% matches only itself")
        let page = try console.get("/operator/accounts/\(account.rawValue)").text
        #expect(page.contains("Using a password") && page.contains("Turn off this account"))

        let asked = try console.post("/operator/accounts/\(account.rawValue)/disable", [:])
        #expect(asked.status == .ok && asked.text.contains("Are you sure?"))
        #expect(try person.get("/account").status == .ok, "nothing happens before the confirmation")
        let done = try console.post("/operator/accounts/\(account.rawValue)/disable", ["confirmed": "yes"])
        #expect(done.headers["Location"] == "/operator/accounts/\(account.rawValue)?notice=done")

        #expect(try person.get("/account").headers["Location"] == "/sign-in", "signed out at the next request")
        try person.get("/sign-in")
        let refused = try person.post("/sign-in", ["email": Self.email, "password": Self.password])
        #expect(refused.status == .locked)
        #expect(refused.text.contains("This account is turned off"))

        let trail = try app.events(of: account)
        #expect(trail[0].kind == .signIn && trail[0].outcome == .failed && trail[0].detail == "account disabled")
        #expect(trail[1].kind == .accountDisabled && trail[1].operatorID == operatorAccount.id)
        #expect(try console.get("/operator/accounts/\(account.rawValue)").text.contains("Turn this account on again"))

        try console.post("/operator/accounts/\(account.rawValue)/enable", ["confirmed": "yes"])
        try person.get("/sign-in")
        #expect(try person.post("/sign-in", ["email": Self.email, "password": Self.password]).status == .seeOther)
        #expect(try app.events(of: account).map(\.kind).prefix(2) == [.signIn, .accountEnabled])
    }

    @Test func anOperatorSignsAnAccountOutEverywhereRemovesAPasskeyAndDeletesIt() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (person, account) = try person(app)
        try app.addPasskey(to: try #require(try app.withStore { try $0.account(id: account) }), name: "Kitchen iPad")
        let passkey = try #require(try app.withStore { try $0.passkeys(of: account).first })
        let (console, operatorAccount) = try app.operatorBrowser()

        try console.get("/operator/accounts/\(account.rawValue)")
        try console.post("/operator/accounts/\(account.rawValue)/sign-out-everywhere", ["confirmed": "yes"])
        #expect(try person.get("/account").headers["Location"] == "/sign-in")

        try console.get("/operator/accounts/\(account.rawValue)")
        let passkeyField = Base64URL.encode(passkey.id)
        let asked = try console.post("/operator/accounts/\(account.rawValue)/remove-passkey", ["passkey": passkeyField])
        #expect(asked.text.contains("The passkey “<bdi>Kitchen iPad</bdi>” no longer signs them in."))
        try console.post("/operator/accounts/\(account.rawValue)/remove-passkey", ["passkey": passkeyField, "confirmed": "yes"])
        #expect(try app.withStore { try $0.passkeys(of: account) }.isEmpty)
        let notice = try app.notices(to: Self.email, count: 1)[0]
        #expect(notice.contains("The passkey named “Kitchen iPad” was removed"), "the person hears of it: \(notice)")

        let trail = try app.events(of: account)
        #expect(trail.prefix(2).map(\.kind) == [.passkeyRemoved, .signedOutEverywhere])
        #expect(trail.prefix(2).allSatisfy { $0.operatorID == operatorAccount.id })
        #expect(try person.get("/sign-in").status == .ok)

        try console.get("/operator/accounts/\(account.rawValue)")
        let deleted = try console.post("/operator/accounts/\(account.rawValue)/delete", ["confirmed": "yes"])
        #expect(deleted.headers["Location"] == "/operator?notice=deleted")
        #expect(try app.withStore { try $0.account(id: account) } == nil)
        let record = try app.events(of: account)
        #expect(record.map(\.kind) == [.accountDeleted] && record[0].operatorID == operatorAccount.id)
    }

    @Test func consoleActionsNeedTheAntiForgeryToken() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (_, account) = try person(app)
        let (console, _) = try app.operatorBrowser()
        let forged = try console.post("/operator/accounts/\(account.rawValue)/disable", ["confirmed": "yes", "csrf": "forged"])
        #expect(forged.status == .forbidden)
        #expect(try app.withStore { try $0.account(id: account)?.disabledAt } == nil)
    }

    /// The apps file as the operator set it up, OpenID clients among them; never a secret, never a way to change it.
    @Test func theConsoleListsTheRegisteredAppsAndTheirOpenIDSettings() throws {
        let app = try TestApplication(configure: { $0.apps = AppRegistry(TestApps.registry.apps + [OpenIDRelyingParty.app()]) })
        defer { app.application.shutdown() }
        let (console, _) = try app.operatorBrowser()
        #expect(try console.get("/operator").text.contains("href=\"/operator/apps\""))
        let page = try console.get("/operator/apps")
        #expect(page.status == .ok)
        let relyingParty = OpenIDRelyingParty.app()
        #expect(page.text.contains(relyingParty.name) && page.text.contains("OpenID client with a secret"))
        for uri in relyingParty.openID?.redirectURIs ?? [] { #expect(page.text.contains(uri)) }
        #expect(page.text.contains(TestApps.registry.apps[0].name))
        #expect(!page.text.contains(OpenIDRelyingParty.key), "a secret is never on a page")
        #expect(try FormClient(app).get("/operator/apps").status == .notFound)
    }

    @Test func theConsoleLivesAtThePathTheOperatorChose() throws {
        let app = try TestApplication(configure: { $0.consolePath = "/backstage" })
        defer { app.application.shutdown() }
        let (person, account) = try person(app)
        let (console, _) = try app.operatorBrowser()
        #expect(try console.get("/operator").status == .notFound)
        #expect(try console.get("/account").text.contains("href=\"/backstage\" data-console"))
        let search = try console.get("/backstage?q=ada")
        #expect(search.status == .ok && search.text.contains("action=\"/backstage\""))
        #expect(search.text.contains("href=\"/backstage/accounts/\(account.rawValue)\""))
        try console.get("/backstage/accounts/\(account.rawValue)")
        let done = try console.post("/backstage/accounts/\(account.rawValue)/sign-out-everywhere", ["confirmed": "yes"])
        #expect(done.headers["Location"] == "/backstage/accounts/\(account.rawValue)?notice=done")
        #expect(try person.get("/account").headers["Location"] == "/sign-in")
        #expect(try person.get("/backstage").status == .notFound, "still nothing there for anyone else")
    }

    @Test func aConsolePathThatIsNotOneSegmentOrThatVestibuleUsesIsRefused() throws {
        for taken in ["/account", "/api", "/sign-in"] {
            #expect(throws: StartupError.self, "\(taken)") { try TestApplication(configure: { $0.consolePath = taken }) }
        }
        for malformed in ["operator", "/Operator", "/a/b", "/", "/op?x"] {
            let result = try VestibuleExecutable.run(["serve", "--development", "--console-path", malformed])
            #expect(result.status != 0 && result.output.contains("console-path must be one path segment"), "\(malformed): \(result.output)")
        }
    }

    @Test func theOperatorsCommandAddsListsAndRemovesAndInvitesByOneTimeLink() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let settings = ["--development", "--data-dir", app.application.configuration.dataDirectory]
        let (person, account) = try person(app)

        let added = try VestibuleExecutable.run(["operators", "add", Self.email] + settings)
        #expect(added.status == 0, "\(added.output)")
        #expect(try app.withStore { try $0.isOperator(account) })
        #expect(try VestibuleExecutable.run(["operators", "list"] + settings).output.contains("\(Self.email)  \(account.rawValue)"))
        #expect(try VestibuleExecutable.run(["operators", "remove", account.rawValue] + settings).status == 0)
        #expect(try !app.withStore { try $0.isOperator(account) })
        #expect(try VestibuleExecutable.run(["operators", "remove", Self.email] + settings).status == 1, "not one any more")

        // An email no account has: a one-time link, for the account with that email only.
        let token = try invitationToken(for: "grace@example.com", settings: settings)
        try person.get(ConsolePathForTests.invitation + token)
        let wrongAccount = try person.post("/operator/invitation", ["token": token])
        #expect(wrongAccount.status == .forbidden, "Ada is not grace@example.com")
        #expect(try !app.withStore { try $0.isOperator(account) })

        let grace = FormClient(app)
        try grace.createPasswordAccount(email: "grace@example.com", password: Self.password)
        try grace.get(ConsolePathForTests.invitation + token)
        #expect(try grace.post("/operator/invitation", ["token": token]).status == .forbidden, "used up by the wrong account")
        let second = try invitationToken(for: "grace@example.com", settings: settings, expectingLink: false)
        #expect(second.isEmpty, "an account has the email now: made an operator at once")

        let alan = FormClient(app)
        let alanToken = try invitationToken(for: "alan@example.com", settings: settings)
        try alan.createPasswordAccount(email: "alan@example.com", password: Self.password)
        try alan.get(ConsolePathForTests.invitation + alanToken)
        #expect(try alan.post("/operator/invitation", ["token": alanToken]).headers["Location"] == "/operator")
        let alanID = try #require(try app.withStore { try $0.identity(method: .password, subject: "alan@example.com")?.accountID })
        #expect(try app.withStore { try $0.isOperator(alanID) })
        #expect(try app.events(of: alanID).first?.kind == .operatorAdded)
    }

    /// Runs `vestibule operators add EMAIL` and returns the token of the link it prints; empty when it printed none.
    private func invitationToken(for email: String, settings: [String], expectingLink: Bool = true) throws -> String {
        let result = try VestibuleExecutable.run(["operators", "add", email] + settings)
        #expect(result.status == 0, "\(result.output)")
        guard let range = result.output.range(of: "?token=") else {
            #expect(!expectingLink, "\(result.output)")
            return ""
        }
        return String(result.output[range.upperBound...].prefix { !$0.isWhitespace })
    }
}

private enum ConsolePathForTests {
    static let invitation = "/operator/invitation?token="
}
