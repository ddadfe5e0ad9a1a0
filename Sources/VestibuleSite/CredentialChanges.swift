package import Foundation
package import VestibuleCore
package import VestibuleLocalization

/// Where the pages and the API ask whether a session may change how its account signs in (its password, its
/// passkeys, Sign in with Apple) or delete the account, by Core's rule (``Session/mayManageAccount(at:)``), and
/// what tells the account's owner of each change: it is mailed to the account's address, so one the owner did
/// not make is noticed; not to an Apple relay address whose forwarding is off, which drops it.
package struct CredentialChanges: Sendable {
    /// Where a page sends a session that may not make a change: the sign-in page, saying why.
    package static let signInAgainPath = "/sign-in?notice=sign-in-again"

    /// What changed, for the notice.
    package enum Change {
        case password
        case passkeyAdded(name: String)
        case passkeyRemoved(name: String)
        case appleLinked
        case appleUnlinked
    }

    /// Whom to tell of a change, read before it is made: the change may remove the very Apple identity that
    /// says whether its relay forwards.
    package struct Notice {
        fileprivate let recipient: EmailAddress?
        fileprivate let mail: AccountMail

        package func send(_ change: Change, in language: Language) {
            if let recipient { mail.sendCredentialNotice(change, to: recipient, in: language) }
        }
    }

    private let store: any Store
    private let mail: AccountMail
    private let clock: @Sendable () -> Date

    package init(store: any Store, mail: AccountMail, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.mail = mail
        self.clock = clock
    }

    /// Whether `session` may change how its account signs in, or delete it.
    package func allows(_ session: Session) -> Bool {
        session.mayManageAccount(at: clock())
    }

    /// The notice to send once the change is made, or `nil` when `session` may not make it.
    package func authorize(_ session: Session) throws(StoreError) -> Notice? {
        allows(session) ? try notice(for: session.accountID) : nil
    }

    /// The notice of a change made without a session (a password reset by emailed code).
    package func notice(for accountID: AccountID) throws(StoreError) -> Notice {
        Notice(recipient: try mailbox(of: accountID), mail: mail)
    }

    /// Where mail about the account reaches its person: the account's address, unless it has none or it is a relay
    /// of one of its Apple identities that Apple said no longer forwards (a recovery link sent there would be lost).
    package func mailbox(of accountID: AccountID) throws(StoreError) -> EmailAddress? {
        guard let text = try store.account(id: accountID)?.email, let address = try? EmailAddress(text) else {
            return nil
        }
        let relaySubjects = Set(
            try store.identities(of: accountID)
                .filter { $0.method == .apple && $0.email.flatMap { try? EmailAddress($0) } == address }
                .map(\.subject)
        )
        let dropped = try store.appleIdentities(of: accountID).contains {
            relaySubjects.contains($0.subject) && $0.isPrivateEmail && $0.forwardingDisabledAt != nil
        }
        return dropped ? nil : address
    }
}
