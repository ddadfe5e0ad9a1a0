import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleHTTP

/// SIWA-5, SIWA-11: Sign in with Apple can be unlinked from the account page while another way in remains, never
/// the last one. (That unlinking revokes the token Vestibule held is `AppleRevocationsTests`.)
@Suite struct AppleUnlinkTests {
    @Test func appleIsUnlinkedFromTheAccountPageOnlyWhileAnotherWayInRemains() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (account, cookie) = try app.signIn()
        let subject = try #require(try app.withStore { try $0.appleIdentities(of: account.id) }.first).subject
        let browser = FormClient(app)
        browser.adopt(cookies: ["vestibule_session": String(cookie.dropFirst("vestibule_session=".count))])

        try browser.get("/account")
        #expect(try browser.post("/account/apple/unlink", ["subject": subject]).status == .conflict, "the only way in stays")
        #expect(try app.withStore { try $0.appleIdentity(subject: subject) } != nil)

        try app.addPasskey(to: account, name: "Kitchen iPad")
        try browser.get("/account")
        #expect(try browser.post("/account/apple/unlink", ["subject": subject]).headers["Location"] == "/account?notice=apple-unlinked")
        #expect(try app.withStore { try $0.appleIdentity(subject: subject) } == nil)
        #expect(try app.withStore { try $0.identities(of: account.id) }.map(\.method) == [.passkey])
    }
}
