public import Foundation

/// What Vestibule keeps about a Sign in with Apple identity beyond its ``Identity`` row: the client it signed
/// in through, the refresh token that revocation needs, and the state of its relay address.
public struct AppleIdentityRecord: Sendable, Equatable {
    /// `sub`, also the subject of the identity (method `.apple`).
    public let subject: String
    public let accountID: AccountID
    /// The client ID the tokens were issued to: the Services ID, or the bundle ID of a native app.
    public var clientID: String
    /// The refresh token from Apple's token endpoint, sealed with the operator's secret keys; `nil` when
    /// no exchange succeeded (then revocation has nothing to send).
    public var sealedRefreshToken: [UInt8]?
    /// Whether the identity's email is a private relay address (from Apple's claim, not the domain).
    public var isPrivateEmail: Bool
    /// When Apple said the person turned relay forwarding off (`email-disabled`); `nil` while mail is forwarded.
    public var forwardingDisabledAt: Date?
    public var updatedAt: Date

    public init(
        subject: String, accountID: AccountID, clientID: String, sealedRefreshToken: [UInt8]?, isPrivateEmail: Bool,
        forwardingDisabledAt: Date? = nil, updatedAt: Date
    ) {
        self.subject = subject
        self.accountID = accountID
        self.clientID = clientID
        self.sealedRefreshToken = sealedRefreshToken
        self.isPrivateEmail = isPrivateEmail
        self.forwardingDisabledAt = forwardingDisabledAt
        self.updatedAt = updatedAt
    }
}
