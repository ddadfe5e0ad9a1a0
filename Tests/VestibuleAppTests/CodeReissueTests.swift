import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCore
import VestibuleMail
import VestibuleTesting

/// What asking for an emailed code again must not give an attacker: fresh tries at a code, a way to cancel the
/// code in someone's inbox, or an unlimited supply of codes to guess at.
@Suite struct CodeReissueTests {
    /// A sign-up with Ada's address and a resend, by someone else, while her code is pending.
    @Test func anotherRequestNeitherCancelsTheMailedCodeNorResetsItsTries() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let ada = FormClient(app)
        try ada.get("/sign-up")
        try ada.post("/sign-up", ["email": "ada@example.com", "password": "correct horse battery staple"])
        let code = try app.waitForCode(to: "ada@example.com")

        // The guesser has no sign-up of their own waiting, so no code page: any form gives them the token.
        let guesser = FormClient(app)
        try guesser.get("/sign-up")
        for _ in 0..<3 { try guesser.post("/verify-email", ["email": "ada@example.com", "code": Self.wrong(code)]) }
        let stranger = FormClient(app)
        try stranger.get("/sign-up")
        try stranger.post("/sign-up", ["email": "ada@example.com", "password": "another long passphrase"])
        try stranger.get("/verify-email")
        try stranger.post("/verify-email/resend", ["email": "ada@example.com"])

        let stored = try app.withStore { try $0.oneTimeCode(purpose: .verifyEmail, subject: "ada@example.com") }
        #expect(stored?.attempts == 3, "the guesser's three tries still count")
        try ada.get("/verify-email")
        let verified = try ada.post("/verify-email", ["email": "ada@example.com", "code": code])
        #expect(verified.headers["Location"] == "/welcome", "the code in Ada's inbox still works")
    }

    /// Someone signs up with an address they do not own, then, with their own password, gets a new code each
    /// time the last one expires: five guesses per code, for ever, before the fix.
    @Test func guessesAtOneAddressAreCappedForTheDayHoweverManyCodesAreIssued() throws {
        let clock = TestClock()
        let app = try TestApplication(clock: clock)
        defer { app.application.shutdown() }
        let attacker = FormClient(app)
        let address = "grace@example.com", password = "correct horse battery staple"
        try attacker.get("/sign-up")
        try attacker.post("/sign-up", ["email": address, "password": password])
        var mailed = 1
        for _ in 0..<4 {
            let code = try Self.newestCode(to: address, count: mailed, in: app)
            try attacker.get("/verify-email")
            for _ in 0..<5 { try attacker.post("/verify-email", ["email": address, "code": Self.wrong(code)]) }
            clock.advance(by: 16 * 60)  // the code expires; the next sign-in brings another
            try attacker.get("/sign-in")
            try attacker.post("/sign-in", ["email": address, "password": password])
            mailed += 1
        }
        // Twenty wrong guesses today: even the right code is refused now.
        let code = try Self.newestCode(to: address, count: mailed, in: app)
        try attacker.get("/verify-email")
        let capped = try attacker.post("/verify-email", ["email": address, "code": code])
        #expect(capped.status == .badRequest && capped.headers["Location"] == nil, "not verified, not signed in")

        // The cap is for a day: the next day a new code works.
        clock.advance(by: 86_400)
        try attacker.get("/sign-in")
        try attacker.post("/sign-in", ["email": address, "password": password])
        let tomorrow = try Self.newestCode(to: address, count: mailed + 1, in: app)
        try attacker.get("/verify-email")
        #expect(try attacker.post("/verify-email", ["email": address, "code": tomorrow]).headers["Location"] == "/welcome")
    }

    /// A right password to an unverified account mails its code again: within the mail limit, like a resend.
    @Test func signInsToAnUnverifiedAccountMailNoMoreThanTheMailLimit() throws {
        let app = try TestApplication()
        let attacker = FormClient(app)
        try attacker.get("/sign-up")
        try attacker.post("/sign-up", ["email": "grace@example.com", "password": "correct horse battery staple"])
        for _ in 0..<7 {
            try attacker.get("/sign-in")
            try attacker.post("/sign-in", ["email": "grace@example.com", "password": "correct horse battery staple"])
        }
        app.application.shutdown()  // sends what is queued
        let mails = try OutboxMailer(directory: app.dataDirectory + "/outbox").messages().filter { $0.to == "grace@example.com" }
        #expect(mails.count == 5, "five mails per address in fifteen minutes, the sign-up's included")
    }

    private static func wrong(_ code: String) -> String { code == "000000" ? "111111" : "000000" }

    /// The code in the newest of at least `count` mails to `address`.
    private static func newestCode(to address: String, count: Int, in app: TestApplication) throws -> String {
        let outbox = try OutboxMailer(directory: app.dataDirectory + "/outbox")
        return try eventually("\(count) codes mailed to \(address)") {
            let mails = try outbox.messages().filter { $0.to == address }
            guard mails.count >= count, let range = mails[0].subject.range(of: #"[0-9]{6}"#, options: .regularExpression)
            else { return nil }
            return String(mails[0].subject[range])
        }
    }
}
