import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCore

/// The two sides of the console's tests: an operator's browser, and a person with a password account.
extension TestApplication {
    /// An operator's browser, signed in with Apple `minutesAgo` minutes ago.
    func operatorBrowser(minutesAgo: Double = 0) throws -> (FormClient, Account) {
        let (account, cookie) = try signIn(at: Date().addingTimeInterval(-minutesAgo * 60))
        try withStore { try $0.addOperator(account.id, at: Date()) }
        let browser = FormClient(self)
        browser.adopt(cookies: ["vestibule_session": String(cookie.dropFirst("vestibule_session=".count))])
        return (browser, account)
    }

    /// A person signed up with a password and signed in.
    func passwordPerson(email: String, password: String) throws -> (FormClient, AccountID) {
        let browser = FormClient(self)
        try browser.createPasswordAccount(email: email, password: password)
        let account = try #require(try withStore { try $0.identity(method: .password, subject: email)?.accountID })
        return (browser, account)
    }

    /// The account's events, newest first.
    func events(of account: AccountID) throws -> [AuditEvent] {
        try withStore { try $0.auditEvents(of: account, since: nil, limit: 100) }
    }
}
