public import Foundation

/// One sign-in method attached to an account: the Apple `sub`, a passkey credential id, or a normalized email
/// for a password. `(method, subject)` is unique across all accounts.
public struct Identity: Sendable, Equatable {
    public let accountID: AccountID
    public let method: SignInMethod
    public let subject: String
    /// The email this method reported when it was linked (for Apple, possibly a private relay address).
    public var email: String?
    public let createdAt: Date
    public var lastUsedAt: Date?

    public init(
        accountID: AccountID,
        method: SignInMethod,
        subject: String,
        email: String? = nil,
        createdAt: Date,
        lastUsedAt: Date? = nil
    ) {
        self.accountID = accountID
        self.method = method
        self.subject = subject
        self.email = email
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

extension Sequence<Identity> {
    /// Each sign-in method once, in the order it was first linked: several passkeys are one method.
    public var methods: [SignInMethod] {
        reduce(into: []) { methods, identity in
            if !methods.contains(identity.method) { methods.append(identity.method) }
        }
    }
}
