public import Foundation

/// A server-to-server notification from Apple, verified and with its `events` string decoded.
public struct AppleNotification: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// The person stopped mail forwarding to their relay address.
        case emailDisabled = "email-disabled"
        /// The person turned relay forwarding back on.
        case emailEnabled = "email-enabled"
        /// The person stopped using Sign in with Apple with this app.
        case consentRevoked = "consent-revoked"
        /// The person deleted their Apple Account.
        case accountDeleted = "account-delete"
    }

    /// `jti`: the notification's identity; Apple may deliver one twice.
    public let id: String
    public let kind: Kind
    /// The `sub` of the Apple identity concerned.
    public let subject: String
    /// The client ID (`aud`) the notification is for.
    public let audience: String
    public let eventTime: Date
    /// For email events: the relay address concerned.
    public let email: String?
}
