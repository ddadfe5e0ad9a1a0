public import Foundation

/// A signed-in browser or device. The token that proves it is held only by the client; the store keeps
/// its SHA-256 hash, so a leaked database cannot be replayed as cookies.
public struct Session: Sendable, Equatable {
    public let id: SessionID
    public let accountID: AccountID
    public let tokenHash: [UInt8]
    public let method: SignInMethod
    public let createdAt: Date
    public var lastSeenAt: Date
    /// The absolute end of the session, however active it stays.
    public let expiresAt: Date
    /// A short description of the device for the session list (from the User-Agent); never a secret.
    public let userAgent: String
    /// The registered app this session was handed to (the hand-off's code exchange), which acts for its person
    /// but may not change how they sign in; `nil` for the person's own browser or app.
    public let appID: String?

    public init(
        id: SessionID = .random(),
        accountID: AccountID,
        tokenHash: [UInt8],
        method: SignInMethod,
        createdAt: Date,
        lastSeenAt: Date,
        expiresAt: Date,
        userAgent: String,
        appID: String? = nil
    ) {
        self.id = id
        self.accountID = accountID
        self.tokenHash = tokenHash
        self.method = method
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.expiresAt = expiresAt
        self.userAgent = userAgent
        self.appID = appID
    }
}
