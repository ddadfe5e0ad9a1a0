import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleHTTP
import VestibuleJSON
import VestibuleTesting

/// The audit trail (issue #16) and "Recent activity" (SIWA-14): what happens to an account is recorded with the
/// method, the outcome and the client's network, shown to its person, and "This wasn't me" takes every other
/// device's and app's access away.
@Suite struct AuditTrailTests {
    private static let email = "ada@example.com"
    private static let password = "correct horse battery"

    /// A person on 203.0.113.77 signs up, mistypes their password once, signs in.
    private func signUpAndMistypeOnce(_ app: TestApplication) throws -> (FormClient, AccountID) {
        let browser = FormClient(app)
        browser.remoteAddress = "203.0.113.77"
        try browser.createPasswordAccount(email: Self.email, password: Self.password)
        try browser.get("/account")
        try browser.post("/sign-out", [:])
        try browser.get("/sign-in")
        #expect(try browser.post("/sign-in", ["email": Self.email, "password": "wrong horse"]).status == .unauthorized)
        #expect(try browser.post("/sign-in", ["email": Self.email, "password": Self.password]).status == .seeOther)
        let account = try #require(try app.withStore { try $0.identity(method: .password, subject: Self.email)?.accountID })
        return (browser, account)
    }

    private func events(of account: AccountID, in app: TestApplication) throws -> [AuditEvent] {
        try app.withStore { try $0.auditEvents(of: account, since: nil, limit: 100) }
    }

    @Test func signInsThatWorkAndFailAreRecordedWithTheMethodAndTheNetworkOnly() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (_, account) = try signUpAndMistypeOnce(app)

        let recorded = try events(of: account, in: app).reversed().map { ($0.kind, $0.outcome) }
        #expect(recorded.elementsEqual([
            (.signUp, .succeeded), (.emailVerified, .succeeded), (.signIn, .succeeded), (.signedOut, .succeeded),
            (.signIn, .failed), (.signIn, .succeeded),
        ], by: ==))
        let failed = try #require(try events(of: account, in: app).first { $0.outcome == .failed })
        #expect(failed.method == .password)
        #expect(failed.clientAddress == "203.0.113.0/24", "the /24, not the address (audit-addresses network)")
        #expect(try app.rowsHolding("203.0.113.77") == 0, "the whole address is kept nowhere")
    }

    @Test func theAddressIsKeptWholeOrNotAtAllWhenTheOperatorSaysSo() throws {
        for (policy, expected) in [(AuditAddressPolicy.full, "203.0.113.77"), (.none, nil)] {
            let app = try TestApplication { $0.auditAddresses = policy }
            defer { app.application.shutdown() }
            let (_, account) = try signUpAndMistypeOnce(app)
            #expect(try events(of: account, in: app).map(\.clientAddress).allSatisfy { $0 == expected }, "\(policy)")
        }
    }

    @Test func recentActivityShowsThePersonWhatHappenedAndYourDataHoldsIt() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (browser, account) = try signUpAndMistypeOnce(app)
        let page = try browser.get("/account").text
        #expect(page.contains("Recent activity"))
        #expect(page.contains("Someone entered a wrong password"))
        #expect(page.contains("Signed in with a password"))
        #expect(page.contains("From <bdi>203.0.113.0/24</bdi>"))
        #expect(page.contains("action=\"/account/not-me\""))

        let export = try #require(JSONValue(parsing: browser.get("/account/data.json").body))
        let activity = try #require(export["activity"]?.arrayValue)
        #expect(activity.count == 6)
        #expect(activity.first?["kind"] == "sign-in" && activity.first?["accountID"]?.stringValue == account.rawValue)
        #expect(try browser.get("/account/data").text.contains("Each entry is deleted after 90 days."))
    }

    @Test func thisWasntMeSignsOutEveryOtherDeviceAndLeadsToAPasswordReset() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (own, account) = try signUpAndMistypeOnce(app)
        let other = FormClient(app)
        try other.get("/sign-in")
        try other.post("/sign-in", ["email": Self.email, "password": Self.password])
        #expect(try other.get("/account").status == .ok)

        try own.get("/account")
        let answer = try own.post("/account/not-me", [:])
        #expect(answer.status == .ok)
        #expect(answer.text.contains("Every other device and app is now signed out. Now reset your password"))
        #expect(answer.text.contains("value=\"\(Self.email)\""), "the reset form is filled in with the account's address")
        #expect(try other.get("/account").headers["Location"] == "/sign-in", "the other device is signed out")
        #expect(try own.get("/account").status == .ok, "this one is not")
        #expect(try events(of: account, in: app).first?.kind == .signedOutEverywhere)
    }

    @Test func thisWasntMeNeedsTheAntiForgeryToken() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (own, account) = try signUpAndMistypeOnce(app)
        let forged = try own.post("/account/not-me", ["csrf": "forged"])
        #expect(forged.status == .forbidden)
        #expect(try events(of: account, in: app).first?.kind == .signIn)
    }

    @Test func eventsCommandPrintsTheTrailAsJSONLinesOldestFirst() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (_, account) = try signUpAndMistypeOnce(app)
        let settings = ["--development", "--data-dir", app.application.configuration.dataDirectory]

        let json = try VestibuleExecutable.run(["events", "--json", "--account", account.rawValue] + settings)
        #expect(json.status == 0, "\(json.output)")
        let lines = json.output.split(separator: "\n").compactMap { JSONValue(parsing: Array($0.utf8)) }
        #expect(lines.map { $0["kind"]?.stringValue } == ["sign-up", "email-verified", "sign-in", "signed-out", "sign-in", "sign-in"])
        #expect(lines[4]["outcome"] == "failed" && lines[4]["method"] == "password")
        #expect(lines[0]["occurredAt"]?.stringValue?.hasSuffix("Z") == true)

        let table = try VestibuleExecutable.run(["events", "--since", "1h", "--limit", "1"] + settings)
        #expect(table.status == 0)
        #expect(table.output.split(separator: "\n").count == 1)
        #expect(table.output.contains("sign-in  succeeded  password  \(account.rawValue)  203.0.113.0/24"))

        let refused = try VestibuleExecutable.run(["events", "--since", "last tuesday"] + settings)
        #expect(refused.status == 78)
        #expect(refused.output.contains("--since must be"))
    }
}
