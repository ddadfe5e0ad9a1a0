import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCore
import VestibuleHTTP

/// The name on the account page ("About you"): a password account, which never gave one at sign-up, names
/// itself; the pages then greet it by that name. Only the person, from Vestibule's own pages, can change it.
@Suite struct AccountNameTests {
    @Test func aPasswordAccountGivesItselfANameAndIsGreetedByIt() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let person = FormClient(app)
        try person.createPasswordAccount(email: "grace@example.com", password: "correct horse battery staple")
        try person.get("/account")
        let saved = try person.post("/account/name", ["displayName": "  Grace Hopper "])
        #expect(saved.headers["Location"] == "/account?notice=name-saved")
        let page = try person.get("/account").text
        #expect(page.contains("Grace Hopper") && !page.contains("  Grace Hopper "), "kept, trimmed")

        // An empty name removes it: the pages go back to the email address.
        try person.post("/account/name", ["displayName": ""])
        #expect(try graceName(in: app) == nil)
    }

    @Test func aNameLongerThanSixtyFourCharactersIsRefusedAndTheOldOneKept() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let person = FormClient(app)
        try person.createPasswordAccount(email: "grace@example.com", password: "correct horse battery staple")
        try person.get("/account")
        try person.post("/account/name", ["displayName": "Grace Hopper"])
        try person.get("/account")
        let refused = try person.post("/account/name", ["displayName": String(repeating: "G", count: 65)])
        #expect(refused.status == .badRequest)
        #expect(refused.text.contains("That name is too long."))
        #expect(try graceName(in: app) == "Grace Hopper")
    }

    /// Another site cannot rename the account of a person signed in here: the form needs this site's origin
    /// and the token of the person's own page.
    @Test func anotherSiteCannotChangeTheName() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let person = FormClient(app)
        try person.createPasswordAccount(email: "grace@example.com", password: "correct horse battery staple")
        let cookie = person.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        for origin in ["https://evil.example", nil] {
            var headers: HTTPHeaders = ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"]
            if let origin { headers.replace("Origin", origin) }
            let forged = try app.respond(
                "/account/name", method: .post, headers: headers, body: "displayName=Mallory&csrf=guess"
            )
            #expect(forged.status == .forbidden, "Origin \(origin ?? "absent")")
        }
        #expect(try graceName(in: app) == nil)
    }

    /// The name stored for grace@example.com's account.
    private func graceName(in app: TestApplication) throws -> String? {
        try app.withStore { store in
            let identity = try store.identity(method: .password, subject: "grace@example.com")
            return try identity.flatMap { try store.account(id: $0.accountID) }?.displayName
        }
    }
}
