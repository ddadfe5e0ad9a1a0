import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleHTTP
import VestibuleJSON

/// Recovery links (issue #16): an operator has one mailed to a person who lost every way in; it lets them add a
/// passkey or choose a new password once, then they sign in with it. The Chromium story with a passkey is
/// `RecoveryStoryTests`.
@Suite struct RecoveryLinkTests {
    private static let email = "ada@example.com"
    private static let password = "correct horse battery"
    private static let newPassword = "a brand new horse battery"

    /// Ada, with a password she forgot and a session on some device; an operator who sent her a link.
    private func adaWithALink(_ app: TestApplication) throws -> (person: FormClient, account: AccountID, operator: AccountID, link: String) {
        let (person, account) = try app.passwordPerson(email: Self.email, password: Self.password)
        let (console, operatorAccount) = try app.operatorBrowser()
        let page = try console.get("/operator/accounts/\(account.rawValue)").text
        #expect(page.contains("Send a recovery link"))
        let asked = try console.post("/operator/accounts/\(account.rawValue)/send-recovery-link", [:])
        #expect(asked.text.contains("You won&#39;t see the link") || asked.text.contains("You won't see the link"))
        let sent = try console.post("/operator/accounts/\(account.rawValue)/send-recovery-link", ["confirmed": "yes"])
        #expect(sent.headers["Location"] == "/operator/accounts/\(account.rawValue)?notice=recovery-link-sent")
        let link = try app.recoveryLinks(to: Self.email)[0]
        let shown = try console.get(sent.headers["Location"] ?? "").text
        #expect(shown.contains("A recovery link is on its way"))
        #expect(!shown.contains(String(link.dropFirst("/recover?token=".count))), "the operator never sees the link")
        return (person, account, operatorAccount.id, link)
    }

    @Test func aPersonChoosesANewPasswordWithTheLinkAndSignsInWithIt() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (person, account, operatorID, link) = try adaWithALink(app)

        let stranger = FormClient(app)
        let page = try stranger.get(link)
        #expect(page.status == .ok && page.headers["Cache-Control"] == "no-store")
        #expect(page.text.contains("Set up a new way to sign in to") && page.text.contains("data-passkey=\"recover\""))
        #expect(try stranger.get(link).status == .ok, "opening it, as a mail scanner does, uses nothing up")
        let weak = try stranger.post(link, ["password": "short"])
        #expect(weak.status == .badRequest)
        #expect(try stranger.get(link).status == .ok, "a refused password leaves the link working")

        let saved = try stranger.post(link, ["password": Self.newPassword])
        #expect(saved.headers["Location"] == "/sign-in?notice=recovered")
        #expect(try stranger.get("/sign-in?notice=recovered").text.contains("Your new way to sign in is ready"))
        #expect(try person.get("/account").headers["Location"] == "/sign-in", "every session ended")
        let used = try stranger.get(link)
        #expect(used.status == .notFound && used.text.contains("This link no longer works"), "it works once")
        try stranger.get("/sign-in")  // a page with the anti-forgery token, which the used link's page has no form for
        #expect(try stranger.post(link, ["password": "yet another horse battery"]).status == .notFound)

        try person.get("/sign-in")
        #expect(try person.post("/sign-in", ["email": Self.email, "password": Self.password]).status == .unauthorized)
        #expect(try person.post("/sign-in", ["email": Self.email, "password": Self.newPassword]).status == .seeOther)
        let activity = try person.get("/account").text
        #expect(activity.contains("Used a recovery link to choose a new password"))
        #expect(activity.contains("A recovery link was sent to your email"))

        let trail = try app.events(of: account)
        #expect(trail.prefix(4).map(\.kind) == [.signIn, .signIn, .recoveryLinkUsed, .recoveryLinkSent])
        #expect(trail[1].outcome == .failed, "the forgotten password no longer works")
        #expect(trail[2].method == .password && trail[2].operatorID == nil)
        #expect(trail[3].operatorID == operatorID)
        #expect(try app.notices(to: Self.email, count: 2).contains { $0.contains("password of your") && $0.contains("was changed") })
    }

    @Test func onlyTheNewestLinkWorksAndOnlyForTheAPIThatItNames() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (_, account, _, first) = try adaWithALink(app)
        let (console, _) = try app.operatorBrowser()
        try console.get("/operator/accounts/\(account.rawValue)")
        try console.post("/operator/accounts/\(account.rawValue)/send-recovery-link", ["confirmed": "yes"])
        let second = try app.recoveryLinks(to: Self.email, count: 2)[0]
        #expect(try FormClient(app).get(first).status == .notFound, "replaced by the newer link")
        #expect(try FormClient(app).get(second).status == .ok)

        // The passkey API, as the recovery page's script calls it: options for the link's account only while it works.
        let token = String(second.dropFirst("/recover?token=".count))
        let options = try app.respond(
            "/api/v1/passkeys/registration/options", method: .post, headers: ["Content-Type": "application/json"],
            body: #"{"recoveryToken":"\#(token)"}"#
        )
        #expect(options.status == .ok)
        #expect(JSONValue(parsing: options.body)?["publicKey"]?["user"]?["name"]?.stringValue == Self.email)
        let stale = try app.respond(
            "/api/v1/passkeys/registration/options", method: .post, headers: ["Content-Type": "application/json"],
            body: #"{"recoveryToken":"\#(first.dropFirst("/recover?token=".count))"}"#
        )
        #expect(stale.status == .notFound)
        #expect(JSONValue(parsing: stale.body)?["error"]?.stringValue == "recoveryLinkUnusable")
    }

    /// No address, or an Apple relay whose forwarding is off: the link would be lost, so none is offered or sent.
    @Test func anAccountWhoseMailReachesNobodyHasNoRecoveryLinkToSend() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let nameOnly = Account(displayName: "Grace", createdAt: Date())
        try app.withStore { store in
            try store.createAccount(nameOnly, identity: Identity(accountID: nameOnly.id, method: .passkey, subject: "p", createdAt: Date()))
        }
        let (relayOff, _) = try app.appleRelayAccount(relay: "off@privaterelay.appleid.com", forwarding: false)
        let (relayOn, _) = try app.appleRelayAccount(relay: "on@privaterelay.appleid.com", forwarding: true)
        let (console, _) = try app.operatorBrowser()
        for account in [nameOnly, relayOff] {
            #expect(try !console.get("/operator/accounts/\(account.id.rawValue)").text.contains("Send a recovery link"))
            let refused = try console.post("/operator/accounts/\(account.id.rawValue)/send-recovery-link", ["confirmed": "yes"])
            #expect(refused.status == .conflict)
        }
        #expect(try console.get("/operator/accounts/\(relayOn.id.rawValue)").text.contains("Send a recovery link"))
        try console.post("/operator/accounts/\(relayOn.id.rawValue)/send-recovery-link", ["confirmed": "yes"])
        #expect(try app.recoveryLinks(to: "on@privaterelay.appleid.com").count == 1)
    }
}
