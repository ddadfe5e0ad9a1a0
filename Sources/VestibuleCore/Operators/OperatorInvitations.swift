public import Foundation
import VestibuleCrypto

/// One-time links that make an operator of the account with a given email: how the first operator of a fresh
/// installation is made, before the account exists (`vestibule operators add EMAIL`). Only the link's hash is
/// kept, and a link someone else opens is worthless to them: their account does not have that email.
public struct OperatorInvitations: Sendable {
    /// How long a link works.
    public static let lifetime: TimeInterval = 3600

    private let store: any OperatorStore
    private let clock: @Sendable () -> Date

    public init(store: any OperatorStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    /// A new link's secret, for the account that will have `email`.
    public func create(for email: EmailAddress) throws(StoreError) -> String {
        let token = SecureRandom.token(byteCount: 32)
        try store.insertOperatorInvitation(
            tokenHash: SHA2.sha256(token), email: email.value, expiresAt: clock().addingTimeInterval(Self.lifetime)
        )
        return token
    }

    /// Makes `account` an operator when `token` is a live link made for its email; the link is used up either way.
    /// Returns whether it made it one.
    public func accept(_ token: String, by account: Account) throws(StoreError) -> Bool {
        guard let invited = try store.consumeOperatorInvitation(tokenHash: SHA2.sha256(token), now: clock()),
              let email = account.email.flatMap({ try? EmailAddress($0) }), email.value == invited
        else { return false }
        try store.addOperator(account.id, at: clock())
        return true
    }
}
