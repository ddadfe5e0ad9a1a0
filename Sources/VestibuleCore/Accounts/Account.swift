public import Foundation

/// A person's account. How they sign in lives in their ``Identity`` records, so one account can have many
/// sign-in methods (Sign in with Apple, a passkey, a password) without duplicating the person.
public struct Account: Sendable, Equatable {
    public let id: AccountID
    /// The name the person shared or chose; `nil` until they give one (Sign in with Apple shares it only once).
    public var displayName: String?
    /// The address to reach them at; may be an Apple private relay address, which is respected as given.
    public var email: String?
    /// The address an app handed over at sign-up, unconfirmed; `nil` when none was, or the account has its own.
    public var handedOverEmail: HandedOverEmail?
    public let createdAt: Date
    /// When an operator turned the account off; `nil` while it may sign in. A disabled account's sessions are
    /// refused at their next request and no new one starts.
    public var disabledAt: Date?

    public init(
        id: AccountID = .random(), displayName: String? = nil, email: String? = nil,
        handedOverEmail: HandedOverEmail? = nil, createdAt: Date, disabledAt: Date? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.email = email
        self.handedOverEmail = handedOverEmail
        self.createdAt = createdAt
        self.disabledAt = disabledAt
    }
}
