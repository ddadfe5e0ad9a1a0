import Foundation
import Testing
import VestibuleAppTesting
import VestibuleHTTP
import VestibuleMail
import VestibuleTesting

/// What an attacker at the password forms must not get: account existence, unlimited guesses, forged posts.
@Suite struct PasswordAbuseTests {
    @Test func signUpWithATakenAddressLooksTheSameAndTellsOnlyTheOwner() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let owner = FormClient(app)
        try owner.createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")

        let stranger = FormClient(app)
        try stranger.get("/sign-up")
        let taken = try stranger.post("/sign-up", ["email": "ada@example.com", "password": "another long passphrase"])
        try stranger.get("/sign-up")
        let fresh = try stranger.post("/sign-up", ["email": "eve@example.com", "password": "another long passphrase"])
        #expect(taken.status == fresh.status)
        #expect(taken.headers["Location"]?.replacingOccurrences(of: "ada", with: "X")
            == fresh.headers["Location"]?.replacingOccurrences(of: "eve", with: "X"))

        let subjects = try waitForSubjects(app, to: "ada@example.com", count: 2)
        #expect(subjects.contains("Someone tried to create an account with your email address"))
        // The owner's password still works: nothing about the account changed.
        let check = FormClient(app)
        try check.get("/sign-in")
        let signIn = try check.post("/sign-in", ["email": "ada@example.com", "password": "correct horse battery staple"])
        // Signed in (to the one-time offer of a passkey, since the account has none).
        #expect(signIn.headers["Location"] == "/account/passkey-offer")
    }

    @Test func passwordGuessesFromOneAddressAreLimitedWith429AndRetryAfter() throws {
        let app = try TestApplication { $0.signInAttemptsPerMinute = 5; $0.signInAttemptsPerAccount = 1000 }
        defer { app.application.shutdown() }
        let client = FormClient(app)
        try client.get("/sign-in")
        var statuses: [Int] = []
        for attempt in 0..<7 {
            statuses.append(try client.post("/sign-in", ["email": "user\(attempt)@example.com", "password": "wrong password"]).status.code)
        }
        #expect(statuses == [401, 401, 401, 401, 401, 429, 429])
        let limited = try client.post("/sign-in", ["email": "x@example.com", "password": "wrong password"])
        #expect(Int(limited.headers["Retry-After"] ?? "") ?? 0 > 0)
    }

    /// Issue #13, finding 9: one subscriber holds a whole IPv6 /64 and can take any of its addresses, so the
    /// limit counts the /64; IPv4 counts each address, also when written IPv4-mapped.
    @Test func passwordGuessesFromOneIPv6SlashSixtyFourShareOneLimit() throws {
        let app = try TestApplication { $0.signInAttemptsPerMinute = 2; $0.signInAttemptsPerAccount = 1000 }
        defer { app.application.shutdown() }
        let client = FormClient(app)
        try client.get("/sign-in")
        func guess(from address: String) throws -> Int {
            client.remoteAddress = address
            return try client.post("/sign-in", ["email": "ada@example.com", "password": "wrong password"]).status.code
        }
        let network = try ["2001:db8:5:6::1", "2001:db8:5:6:aaaa::2", "2001:DB8:5:6:ffff:ffff:ffff:ffff"].map(guess)
        #expect(network == [401, 401, 429], "three addresses of one /64")
        #expect(try guess(from: "2001:db8:5:7::1") == 401, "the next /64 has its own budget")
        let ipv4 = try ["198.51.100.7", "::ffff:198.51.100.7", "198.51.100.7"].map(guess)
        #expect(ipv4 == [401, 401, 429], "an IPv4 address, also written IPv4-mapped")
        #expect(try guess(from: "198.51.100.8") == 401, "its neighbour has its own budget")
    }

    @Test func passwordGuessesAgainstOneAccountAreLimitedFromEveryAddress() throws {
        let app = try TestApplication { $0.signInAttemptsPerMinute = 1000; $0.signInAttemptsPerAccount = 3 }
        defer { app.application.shutdown() }
        var statuses: [Int] = []
        for _ in 0..<5 {
            let client = FormClient(app)  // a new visitor each time; the account is what is counted
            try client.get("/sign-in")
            statuses.append(try client.post("/sign-in", ["email": "ada@example.com", "password": "wrong password"]).status.code)
        }
        #expect(statuses == [401, 401, 401, 429, 429])
    }

    /// Every spelling the account lookup treats as one address (case, surrounding spaces and tabs) spends one
    /// budget: fresh spellings are not fresh guesses.
    @Test func passwordGuessesAgainstOneAccountAreLimitedHoweverTheAddressIsSpelled() throws {
        let app = try TestApplication { $0.signInAttemptsPerMinute = 1000; $0.signInAttemptsPerAccount = 3 }
        defer { app.application.shutdown() }
        var statuses: [Int] = []
        for spelling in ["ada@example.com", " ada@example.com", "ada@example.com\t", "ADA@Example.com", "\nada@example.com "] {
            let client = FormClient(app)
            try client.get("/sign-in")
            statuses.append(try client.post("/sign-in", ["email": spelling, "password": "wrong password"]).status.code)
        }
        #expect(statuses == [401, 401, 401, 429, 429])
    }

    @Test func codesMailedToOneAddressAreLimitedHoweverTheAddressIsSpelled() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let client = FormClient(app)
        try client.get("/sign-up")
        try client.post("/sign-up", ["email": "ada@example.com", "password": "correct horse battery staple"])
        var statuses: [Int] = []
        for spelling in [" ada@example.com", "ada@example.com\t", "Ada@example.com ", "\tADA@example.com", " ada@EXAMPLE.com"] {
            try client.get("/verify-email")
            statuses.append(try client.post("/verify-email/resend", ["email": spelling]).status.code)
        }
        #expect(statuses == [200, 200, 200, 200, 429], "five mails in fifteen minutes, the sign-up's included")
    }

    /// Guessing the current password on the change form is guessing the account's password: it spends the
    /// budget sign-ins to that account spend.
    @Test func guessesAtTheCurrentPasswordShareTheAccountsSignInBudget() throws {
        let app = try TestApplication { $0.signInAttemptsPerMinute = 1000; $0.signInAttemptsPerAccount = 3 }
        defer { app.application.shutdown() }
        let owner = FormClient(app)
        try owner.createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")
        let guesser = FormClient(app)
        try guesser.get("/sign-in")
        try guesser.post("/sign-in", ["email": "ada@example.com", "password": "wrong password"])
        try guesser.post("/sign-in", ["email": "ada@example.com", "password": "another wrong password"])
        var statuses: [Int] = []
        for guess in ["third wrong password", "fourth wrong password"] {
            try owner.get("/account/password")
            statuses.append(
                try owner.post("/account/password", ["password": guess, "new-password": "a brand new passphrase"]).status.code
            )
        }
        #expect(statuses == [400, 429])
    }

    @Test func aPasswordFormPostedWithoutTheAntiForgeryTokenIsRefused() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let client = FormClient(app)
        try client.get("/sign-in")
        for path in ["/sign-in", "/sign-up", "/verify-email", "/reset-password", "/reset-password/code"] {
            #expect(try client.post(path, ["csrf": "forged", "email": "a@example.com"]).status == .forbidden, "\(path)")
        }
    }

    @Test func theDevelopmentOutboxShowsTheMailThatWouldHaveBeenSent() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let client = FormClient(app)
        try client.createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")
        let outbox = try client.get("/dev/outbox")
        #expect(outbox.status == .ok)
        #expect(outbox.text.contains("is your Vestibule code"))

        let production = try TestApplication { $0.smtpURL = "smtp://127.0.0.1:1"; $0.smtpSecurity = .none }
        defer { production.application.shutdown() }
        #expect(try production.respond("/dev/outbox").status == .notFound)
    }

    private func waitForSubjects(_ app: TestApplication, to email: String, count: Int) throws -> [String] {
        let outbox = try OutboxMailer(directory: app.dataDirectory + "/outbox")
        return try eventually("\(count) emails to \(email)") {
            let subjects = try outbox.messages().filter { $0.to == email }.map(\.subject)
            return subjects.count >= count ? subjects : nil
        }
    }
}
