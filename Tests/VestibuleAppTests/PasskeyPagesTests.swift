import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleHTTP

/// The pages around passkeys, in process: the one-time offer after a password sign-in, the remembered
/// method, and renaming and deleting passkeys without ever locking the owner out.
@Suite struct PasskeyPagesTests {
    /// AUTH-12: no toggle to opt in; one offer, right after a sign-in without a passkey, once per browser.
    @Test func aPasswordSignInOffersAPasskeyOnceAndNotToAccountsThatHaveOne() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let browser = FormClient(app)
        try browser.createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")
        try browser.post("/sign-out", [:])

        try browser.get("/sign-in")
        let first = try browser.post("/sign-in", ["email": "ada@example.com", "password": "correct horse battery staple"])
        #expect(first.headers["Location"] == "/account/passkey-offer")
        let offer = try browser.get("/account/passkey-offer")
        #expect(offer.text.contains("data-passkey=\"register\""))
        #expect(!offer.text.contains("type=\"checkbox\""), "an offer, not a setting")
        try browser.post("/sign-out", [:])

        try browser.get("/sign-in")
        let second = try browser.post("/sign-in", ["email": "ada@example.com", "password": "correct horse battery staple"])
        #expect(second.headers["Location"] == "/continue", "offered once in this browser")

        let account = try #require(try app.withStore { store in
            try store.identity(method: .password, subject: "ada@example.com").flatMap { try store.account(id: $0.accountID) }
        })
        try app.addPasskey(to: account, name: "Phone")
        let other = FormClient(app)  // another browser, but the account now has a passkey
        try other.get("/sign-in")
        let withPasskey = try other.post("/sign-in", ["email": "ada@example.com", "password": "correct horse battery staple"])
        #expect(withPasskey.headers["Location"] == "/continue")
    }

    /// AUTH-8: the sign-in page leads with the method this browser used last; a passkey for someone new.
    @Test func theSignInPageLeadsWithTheMethodThisBrowserUsedLast() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let newcomer = try app.respond("/sign-in").text
        let returning = try app.respond("/sign-in", headers: ["Cookie": "vestibule_last_method=password"]).text
        #expect(try Self.position(of: "data-passkey=\"sign-in\"", in: newcomer) < Self.position(of: "other-ways", in: newcomer))
        #expect(try Self.position(of: "action=\"/sign-in\"", in: returning) < Self.position(of: "other-ways", in: returning))

        let browser = FormClient(app)
        try browser.createPasswordAccount(email: "grace@example.com", password: "correct horse battery staple")
        #expect(browser.cookies["vestibule_last_method"] == "password", "remembered: the method, not the account")
    }

    @Test func passkeysAreRenamedAndDeletedButNeverTheLastWayToSignIn() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (account, cookie) = try app.signIn()  // an Apple identity…
        try app.addPasskey(to: account, name: "Phone")  // …and a passkey
        let browser = FormClient(app)
        browser.adopt(cookies: ["vestibule_session": String(cookie.dropFirst("vestibule_session=".count))])
        let page = try browser.get("/account")
        let id = try #require(Self.passkeyID(in: page.text))
        #expect(page.text.contains("Delete passkey"))

        let renamed = try browser.post("/account/passkeys/\(id)/rename", ["name": "  Work phone  "])
        #expect(renamed.headers["Location"] == "/account?notice=passkey-renamed")
        #expect(try app.withStore { try $0.passkeys(of: account.id) }.map(\.name) == ["Work phone"])
        try browser.get("/account")
        #expect(try browser.post("/account/passkeys/\(id)/rename", ["name": ""]).status == .badRequest)
        #expect(try browser.post("/account/passkeys/AAAA/rename", ["name": "Mine"]).status == .notFound)

        // Without the Apple identity, the passkey is the last way in: no button, and the form is refused.
        try app.withStore { store in
            let apple = try #require(try store.identities(of: account.id).first { $0.method == .apple })
            try store.removeIdentity(method: .apple, subject: apple.subject)
        }
        let lastOnly = try browser.get("/account")
        #expect(!lastOnly.text.contains("Delete passkey"))
        #expect(lastOnly.text.contains("only way to sign in"))
        #expect(try browser.post("/account/passkeys/\(id)/delete", [:]).status == .conflict)

        try app.addPasskey(to: account, name: "Laptop")
        try browser.get("/account")
        let deleted = try browser.post("/account/passkeys/\(id)/delete", [:])
        #expect(deleted.headers["Location"] == "/account?notice=passkey-deleted")
        #expect(try app.withStore { try $0.passkeys(of: account.id) }.map(\.name) == ["Laptop"])
    }

    @Test func passkeyFormsNeedTheAntiForgeryToken() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (account, cookie) = try app.signIn()
        try app.addPasskey(to: account, name: "Phone")
        let id = try #require(Self.passkeyID(in: try app.respond("/account", headers: ["Cookie": cookie]).text))
        let forged = try app.respond(
            "/account/passkeys/\(id)/delete", method: .post,
            headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"], body: "csrf=wrong"
        )
        #expect(forged.status == .forbidden)
        #expect(try app.withStore { try $0.passkeys(of: account.id) }.count == 1)
    }

    private static func position(of needle: String, in html: String) throws -> String.Index {
        try #require(html.range(of: needle)).lowerBound
    }

    /// The base64url ID in the first passkey form's action.
    private static func passkeyID(in html: String) -> String? {
        guard let start = html.range(of: "action=\"/account/passkeys/") else { return nil }
        let rest = html[start.upperBound...]
        return rest.firstIndex(of: "/").map { String(rest[..<$0]) }
    }
}
