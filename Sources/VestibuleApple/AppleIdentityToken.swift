public import Foundation

/// A verified identity token: who signed in with Apple, and what Apple says about their email address.
public struct AppleIdentityToken: Sendable, Equatable {
    /// `sub`: stable for one Apple Account across this team's apps; the key of the Apple identity.
    public let subject: String
    /// `aud`: the client ID the token was issued to (the Services ID, or an app's bundle ID).
    public let audience: String
    /// The address Apple shares: the real one, or a private relay address. Absent when the person did not
    /// share an email (the scope was not granted), and for some managed accounts.
    public let email: String?
    public let emailVerified: Bool
    /// Whether ``email`` is a private relay address. Decided by Apple's claim, never by the domain (relay
    /// domains change).
    public let isPrivateEmail: Bool
    /// `real_user_status`: 0 unsupported, 1 unknown, 2 likely real.
    public let realUserStatus: Int?
    /// `transfer_sub`: the subject this person had in the team that transferred the app (up to 60 days).
    public let transferSubject: String?
    public let expiresAt: Date
}
