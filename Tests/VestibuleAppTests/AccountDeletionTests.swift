import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore

/// Deleting an account needs a recent sign-in (a session left open is not enough to erase the account), and
/// leaves no row of the person.
@Suite struct AccountDeletionTests {
    @Test func aSessionOlderThanTenMinutesMustSignInAgainBeforeDeleting() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (account, _) = try app.signIn()
        let stale = try app.withStore { store in
            try SessionManager(store: store, policy: SessionPolicy(), clock: { Date().addingTimeInterval(-1200) })
                .signIn(accountID: account.id, method: .apple, userAgent: "Shared computer", replacing: nil).token.value
        }
        let browser = FormClient(app)
        browser.adopt(cookies: ["vestibule_session": stale])

        let page = try browser.get("/account/delete")
        #expect(page.text.contains("data-reauthenticate"))
        #expect(!page.text.contains(#"action="/account/delete""#), "no delete button for a stale session")
        let refused = try browser.post("/account/delete", [:])
        #expect(refused.headers["Location"] == "/account/delete")
        #expect(try app.withStore { try $0.account(id: account.id) } != nil, "nothing deleted")

        // Signing in again starts a fresh session, and then the account can go.
        let (_, fresh) = try app.signIn(to: account)
        let again = FormClient(app)
        again.adopt(cookies: ["vestibule_session": String(fresh.dropFirst("vestibule_session=".count))])
        #expect(try again.get("/account/delete").text.contains(#"action="/account/delete""#))
        let deleted = try again.post("/account/delete", [:])
        #expect(deleted.headers["Location"] == "/?notice=account-deleted")
        #expect(try app.withStore { try $0.account(id: account.id) } == nil)
    }

    /// After deletion no row of the person remains in any table: not their documents, whether an app saved
    /// them for the account or for the guest they were before signing in, nor that guest, nor what they gave
    /// for the data policy's fields (SIWA-14).
    @Test func deletionLeavesNoRowOfThePersonNeitherDocumentsNorTheGuestTheyWereNorFieldValues() throws {
        let app = try TestApplication { $0.dataPolicy = ShopPolicy.policy }
        defer { app.application.shutdown() }
        let (account, cookie) = try app.signIn()
        let session = APIClient(app: app, bearer: String(cookie.dropFirst("vestibule_session=".count)))
        let (guest, guestID) = try APIClient(app: app).newGuest()
        try guest.create("cart", #"{"books":["Dune"]}"#)
        try session.create("prefs", "{}")
        #expect(try session.post("/api/v1/guests/claim", #"{"guestToken":"\#(guest.bearer ?? "")"}"#).status == .ok)
        for (name, value) in [("phone", "+49 151 12345678"), ("birthDate", "1990-12-10"), ("country", "GB")] {
            let put = try app.respond(
                "/api/v1/account/fields/\(name)", method: .put,
                headers: ["Content-Type": "application/json", "Authorization": "Bearer \(session.bearer ?? "")"],
                body: #"{"value": "\#(value)"}"#
            )
            #expect(put.status == .ok, "\(put.text)")
        }
        #expect(try app.rowsHolding("+4915112345678") == 1)
        #expect(try app.rowsHolding(account.id.rawValue) >= 8, "account, identity, Apple record, session, two documents, three fields")
        #expect(try app.rowsHolding(guestID) == 0, "the claimed guest is gone")

        let browser = FormClient(app)
        browser.adopt(cookies: ["vestibule_session": String(cookie.dropFirst("vestibule_session=".count))])
        try browser.get("/account/delete")
        #expect(try browser.post("/account/delete", [:]).headers["Location"] == "/?notice=account-deleted")
        // The audit trail's record that the account was deleted names its id and nothing else: no address, no
        // browser, no event from before.
        #expect(try app.rowsHolding(account.id.rawValue, except: ["audit_events"]) == 0, "no row of the account remains but that record")
        let trail = try app.withStore { try $0.auditEvents(of: account.id, since: nil, limit: 10) }
        #expect(trail.map(\.kind) == [.accountDeleted])
        #expect(trail.first?.clientAddress == nil && trail.first?.userAgent == nil)
        #expect(try app.withStore { try $0.documents(of: .account(account.id)) }.isEmpty)
        for value in ["+4915112345678", "1990-12-10"] {
            #expect(try app.rowsHolding(value) == 0, "nor any value it gave: \(value)")
        }
    }
}
