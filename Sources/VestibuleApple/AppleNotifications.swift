public import Foundation
public import VestibuleCore

/// Apple's server-to-server notifications (SIWA-12, SIWA-11): relay forwarding turned off or on, consent
/// revoked, Apple Account deleted. Each is verified like an identity token and handled once by its `jti`
/// (Apple may deliver twice); Apple only needs a quick 2xx.
public struct AppleNotifications: Sendable {
    private let verifier: AppleTokenVerifier
    private let store: any AppleStore & AccountStore & SessionStore
    private let clock: @Sendable () -> Date

    public init(
        verifier: AppleTokenVerifier, store: any AppleStore & AccountStore & SessionStore,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.verifier = verifier
        self.store = store
        self.clock = clock
    }

    /// Verifies and applies the notification in `payload` (the JWS from the `{"payload": …}` body).
    /// Returns what it did, or `nil` when it was handled before (Apple delivers a notification again until answered).
    @discardableResult
    public func handle(payload: String) throws -> HandledAppleNotification? {
        let notification = try verifier.verifyNotification(payload)
        let now = clock()
        guard try store.recordAppleNotification(id: notification.id, at: now) else { return nil }
        guard let record = try store.appleIdentity(subject: notification.subject) else {
            return HandledAppleNotification(notification: notification, accountID: nil, deletedAccount: false)
        }
        var deletedAccount = false
        switch notification.kind {
        case .emailDisabled:
            try store.setAppleEmailForwarding(subject: record.subject, disabledAt: notification.eventTime, at: now)
        case .emailEnabled:
            try store.setAppleEmailForwarding(subject: record.subject, disabledAt: nil, at: now)
        case .consentRevoked:
            // The person stopped using Apple here: their Apple sessions end, and the account page then offers
            // the other ways to sign in (SIWA-11). The identity stays, so signing in with Apple again works.
            try store.deleteSessions(of: record.accountID, signedInWith: .apple)
        case .accountDeleted:
            // The Apple Account is gone. An account with no other way in goes with it; one with a passkey or a
            // password keeps its other data and loses only Apple.
            // Nothing to revoke: Apple deleted the account, and its tokens with it.
            let removal = try store.unlinkAppleIdentity(subject: record.subject, of: record.accountID, queueingRevocationAt: nil).removal
            if removal == .lastSignInMethod {
                try store.deleteAccount(id: record.accountID)
                deletedAccount = true
            } else {
                try store.deleteSessions(of: record.accountID, signedInWith: .apple)
            }
        }
        return HandledAppleNotification(notification: notification, accountID: record.accountID, deletedAccount: deletedAccount)
    }
}

/// What a notification did: the account it concerned, when one has that Apple ID, and whether that account went
/// with it (its Apple Account deleted, and no other way in).
public struct HandledAppleNotification: Sendable {
    public let notification: AppleNotification
    public let accountID: AccountID?
    public let deletedAccount: Bool
}
