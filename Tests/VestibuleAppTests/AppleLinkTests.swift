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

/// SIWA-5 as an attacker meets it (issue #13, finding 2): an Apple ID whose verified email is a password
/// account's waits to be linked, bound to the browser that signed in with Apple and to that one account; it is
/// added only when that account's owner, signed in, says so on `/account/apple/link`; once, within 15 minutes.
@Suite struct AppleLinkTests {
    static let victimEmail = "grace@example.com"
    static let password = "correct horse battery staple"

    /// The attack: someone signs in with an Apple ID that carries the victim's address, which leaves a link
    /// waiting in their own browser; they plant that cookie in the victim's browser (from a sibling subdomain,
    /// or over plain HTTP). The victim's next password sign-in must not add the attacker's Apple ID: not at
    /// sign-in, not by a confirmation sent with the victim's own token, not on the way through `/continue`.
    @Test func aPlantedPendingAppleLinkIsNotAddedToTheAccountThatSignsInNext() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let victimID = try victimAccount(in: app)
        let attacker = FormClient(app)
        func plantableLink() throws -> String {
            let waiting = try attacker.signInWithApple(appleID: Self.victimEmail)
            #expect(waiting.headers["Location"]?.hasPrefix("/sign-in?notice=apple-link") == true, "\(waiting.status)")
            return try #require(attacker.cookies["vestibule_apple_link"])
        }

        let victim = FormClient(app)
        try victim.get("/sign-in")
        victim.plant(cookie: "vestibule_apple_link", value: try plantableLink())
        let signedIn = try victim.post("/sign-in", ["email": Self.victimEmail, "password": Self.password])
        #expect(signedIn.headers["Location"] == "/continue", "\(signedIn.status) \(signedIn.text)")
        #expect(try methods(of: victimID, in: app) == [.password], "the password sign-in added nobody's Apple ID")

        try victim.get("/account")
        try victim.post("/account/apple/link", ["decision": "link"])
        #expect(try methods(of: victimID, in: app) == [.password], "a confirmation cannot add a link from another browser")

        victim.plant(cookie: "vestibule_apple_link", value: try plantableLink())
        #expect(try victim.get("/continue").headers["Location"] == "/account", "not asked about another browser's link")
        #expect(try victim.get("/account/apple/link").headers["Location"] == "/continue")
        #expect(try methods(of: victimID, in: app) == [.password])

        // The attacker's Apple ID still does not open the victim's account.
        _ = try plantableLink()
        #expect(try methods(of: victimID, in: app) == [.password])
    }

    /// The owner's own flow: Sign in with Apple finds the password account; they sign in to it with the password
    /// and are asked, with the Apple ID's address shown, before anything is added. A POST without the page's
    /// anti-forgery token adds nothing; "Link" adds it.
    @Test func theOwnersPendingAppleLinkIsAddedOnlyWhenTheyConfirmIt() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let accountID = try victimAccount(in: app)

        let browser = FormClient(app)
        try browser.signInWithApple(appleID: Self.victimEmail)
        let signedIn = try browser.signIn(email: Self.victimEmail, password: Self.password)
        #expect(signedIn.headers["Location"] == "/continue", "no passkey offer in the middle of adding Apple")
        #expect(try methods(of: accountID, in: app) == [.password], "nothing added at sign-in")
        #expect(try browser.get("/continue").headers["Location"] == "/account/apple/link")
        let question = try browser.get("/account/apple/link")
        #expect(question.status == .ok)
        #expect(question.text.contains("Add Sign in with Apple (<bdi>\(Self.victimEmail)</bdi>) to this account?"), "\(question.text)")
        #expect(question.text.contains(#"<form class="stacked-form" method="post" action="/account/apple/link">"#))
        #expect(try methods(of: accountID, in: app) == [.password], "nothing added by showing the question")

        let forged = try app.respond(
            "/account/apple/link", method: .post,
            headers: [
                "Cookie": browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "),
                "Content-Type": "application/x-www-form-urlencoded", "Origin": app.application.configuration.origin,
            ],
            body: "decision=link"
        )
        #expect(forged.status == .forbidden, "no anti-forgery token, no link")
        #expect(try methods(of: accountID, in: app) == [.password])

        let linked = try browser.post("/account/apple/link", ["decision": "link"])
        #expect(linked.headers["Location"] == "/account?notice=apple-linked")
        #expect(try methods(of: accountID, in: app) == [.apple, .password])
        #expect(linked.clearsCookie("vestibule_apple_link"), "the cookie goes with the link")
        let notices = try app.notices(to: Self.victimEmail, count: 1)
        #expect(notices.contains { $0.contains("Sign in with Apple was added to your Vestibule account") }, "\(notices)")
    }

    /// Single use: "Not now" discards the waiting link, and the same cookie presented again links nothing.
    @Test func aPendingAppleLinkIsUsedOnce() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let accountID = try victimAccount(in: app)

        let browser = FormClient(app)
        try browser.signInWithApple(appleID: Self.victimEmail)
        let handle = try #require(browser.cookies["vestibule_apple_link"])
        try browser.signIn(email: Self.victimEmail, password: Self.password)
        try browser.get("/account/apple/link")
        let notNow = try browser.post("/account/apple/link", ["decision": "not-now"])
        #expect(notNow.headers["Location"] == "/continue")
        #expect(notNow.clearsCookie("vestibule_apple_link"))

        browser.plant(cookie: "vestibule_apple_link", value: handle)
        try browser.get("/account")
        try browser.post("/account/apple/link", ["decision": "link"])
        #expect(try methods(of: accountID, in: app) == [.password], "a discarded link does not come back")
    }

    /// A waiting link lasts 15 minutes: after that neither the question nor a confirmation adds it.
    @Test func anExpiredPendingAppleLinkIsNotAdded() throws {
        let clock = TestClock()
        let app = try TestApplication(clock: clock)
        defer { app.application.shutdown() }
        let accountID = try victimAccount(in: app)

        let browser = FormClient(app)
        try browser.signInWithApple(appleID: Self.victimEmail)
        let handle = try #require(browser.cookies["vestibule_apple_link"])
        clock.advance(by: 15 * 60 + 1)
        try browser.signIn(email: Self.victimEmail, password: Self.password)
        #expect(try methods(of: accountID, in: app) == [.password])
        #expect(try browser.get("/account/apple/link").headers["Location"] == "/continue", "no question about an expired link")

        browser.plant(cookie: "vestibule_apple_link", value: handle)
        try browser.get("/account")
        try browser.post("/account/apple/link", ["decision": "link"])
        #expect(try methods(of: accountID, in: app) == [.password])
    }

    /// The waiting link names the one account whose address matched: signing in to another account in the
    /// same browser neither adds it there nor leaves it for later.
    @Test func aPendingAppleLinkIsAddedOnlyToTheAccountItsEmailMatched() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        try FormClient(app).createPasswordAccount(email: Self.victimEmail, password: Self.password)
        try FormClient(app).createPasswordAccount(email: "other@example.com", password: Self.password)
        let matched = try #require(try app.withStore { try $0.identity(method: .password, subject: Self.victimEmail) }?.accountID)
        let other = try #require(try app.withStore { try $0.identity(method: .password, subject: "other@example.com") }?.accountID)

        let browser = FormClient(app)
        try browser.signInWithApple(appleID: Self.victimEmail)
        let handle = try #require(browser.cookies["vestibule_apple_link"])
        try browser.signIn(email: "other@example.com", password: Self.password)
        #expect(try browser.get("/account/apple/link").headers["Location"] == "/continue")
        browser.plant(cookie: "vestibule_apple_link", value: handle)
        try browser.get("/account")
        try browser.post("/account/apple/link", ["decision": "link"])
        #expect(try methods(of: other, in: app) == [.password], "not added to the account signed in")
        #expect(try methods(of: matched, in: app) == [.password], "nor to the matched one, whose owner was not asked")
    }

    /// An app is told the account exists and nothing is left waiting: a later password sign-in adds nothing.
    @Test func anAppIsToldTheAccountExistsAndNothingWaitsToBeLinked() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let accountID = try victimAccount(in: app)
        // Waiting links' kinds in `pending_steps`, unbound before issue #13 and bound since.
        func waitingLinks() throws -> Int { try app.rowsHolding("apple-link") + app.rowsHolding("apple-pending-link") }
        let waitingBefore = try waitingLinks()

        let nonce = try #require(JSONValue(parsing: try app.respond(
            "/api/v1/apple/nonce", method: .post, headers: ["Content-Type": "application/json"], body: "{}"
        ).body)?["nonce"]?.stringValue)
        let emulator = try #require(app.appleEmulatorOrigin)
        let hashed = Hex.encode(SHA2.sha256(nonce))
        let authorization = try HTTPClient(userAgent: "test").postJSON(
            emulator + "/emulator/native-authorization",
            body: Array(#"{"clientID":"dev.vestibule.app","appleID":"\#(Self.victimEmail)","nonce":"\#(hashed)"}"#.utf8)
        )
        let credential = try #require(JSONValue(parsing: authorization.body))
        let body: JSONValue = [
            "credential": [
                "identityToken": credential["identityToken"] ?? .null,
                "authorizationCode": credential["authorizationCode"] ?? .null, "nonce": .string(nonce),
            ],
            "sessionDelivery": "token",
        ]
        let reply = try app.respond(
            "/api/v1/apple/native", method: .post, headers: ["Content-Type": "application/json"],
            body: String(decoding: body.serialized, as: UTF8.self)
        )
        #expect(reply.status == .conflict)
        #expect(JSONValue(parsing: reply.body)?["error"]?.stringValue == "accountExists")
        #expect(try waitingLinks() == waitingBefore, "no link left waiting")
        try FormClient(app).signIn(email: Self.victimEmail, password: Self.password)
        #expect(try methods(of: accountID, in: app) == [.password])
    }

    /// The victim's password account, created as its owner would.
    private func victimAccount(in app: TestApplication) throws -> AccountID {
        try FormClient(app).createPasswordAccount(email: Self.victimEmail, password: Self.password)
        return try #require(try app.withStore { try $0.identity(method: .password, subject: Self.victimEmail) }?.accountID)
    }

    private func methods(of accountID: AccountID, in app: TestApplication) throws -> [SignInMethod] {
        try app.withStore { try $0.identities(of: accountID) }.map(\.method).sorted { $0.rawValue < $1.rawValue }
    }
}

extension Response {
    /// Whether the response tells the browser to drop the cookie `name` (an empty value that expires now).
    func clearsCookie(_ name: String) -> Bool {
        headers.values(for: "Set-Cookie").contains { $0.hasPrefix("\(name)=;") && $0.contains("Max-Age=0") }
    }
}
