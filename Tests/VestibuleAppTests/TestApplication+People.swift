import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCore

/// The people of the console's and the credential changes' tests: an operator's browser, a person with a password
/// account, an account made through Apple's relay.
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

    /// An account that signed up with Apple through a relay address whose forwarding is on or off, and its Apple
    /// subject.
    func appleRelayAccount(relay: String, forwarding: Bool) throws -> (Account, String) {
        try withStore { store in
            let account = Account(displayName: "Ada", email: relay, createdAt: Date())
            let identity = Identity(accountID: account.id, method: .apple, subject: UUID().uuidString, email: relay, createdAt: Date())
            try store.createAppleAccount(account, identity: identity, apple: AppleIdentityRecord(
                subject: identity.subject, accountID: account.id, clientID: "dev.vestibule.web", sealedRefreshToken: nil,
                isPrivateEmail: true, forwardingDisabledAt: forwarding ? nil : Date(), updatedAt: Date()
            ))
            return (account, identity.subject)
        }
    }
}
