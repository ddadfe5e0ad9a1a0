public import Foundation
import VestibuleCrypto

/// What an app received when someone signed in to it through OpenID Connect: the grant behind its tokens, made
/// when its authorization code is redeemed. Revoking the grant (the person's "Stop using", a reused code or
/// refresh token, a deleted account) makes every token it issued worthless at once: access tokens name it,
/// and userinfo and introspection look it up.
public struct OpenIDGrant: Sendable, Equatable {
    /// Random; access tokens carry it (`gid`), so it is not a secret in itself.
    public let id: String
    public let accountID: AccountID
    public let appID: String
    /// The session at Vestibule the person signed in with: its end ends the grant (unless ``isOffline``) and
    /// sends the app a back-channel logout naming ``sid``.
    public let browserSessionID: SessionID
    public let scopes: [OpenIDScope]
    public let method: SignInMethod
    /// When the person signed in (`auth_time`).
    public let authTime: Date
    /// SHA-256 of the authorization code it was redeemed with, kept so that the code's reuse revokes the grant.
    public let codeHash: [UInt8]
    /// SHA-256 of the refresh token that works now.
    public var refreshTokenHash: [UInt8]
    /// SHA-256 of the refresh token it replaced: presented again, it means two parties hold the grant's tokens.
    public var previousRefreshTokenHash: [UInt8]?
    public let createdAt: Date
    /// The refresh token's absolute end.
    public let expiresAt: Date
    /// When the browser session ended, for a grant that outlives it (``isOffline``); `nil` while it lasts.
    public var sessionEndedAt: Date?

    public init(
        id: String, accountID: AccountID, appID: String, browserSessionID: SessionID, scopes: [OpenIDScope],
        method: SignInMethod, authTime: Date, codeHash: [UInt8], refreshTokenHash: [UInt8],
        previousRefreshTokenHash: [UInt8]? = nil, createdAt: Date, expiresAt: Date, sessionEndedAt: Date? = nil
    ) {
        self.id = id
        self.accountID = accountID
        self.appID = appID
        self.browserSessionID = browserSessionID
        self.scopes = scopes
        self.method = method
        self.authTime = authTime
        self.codeHash = codeHash
        self.refreshTokenHash = refreshTokenHash
        self.previousRefreshTokenHash = previousRefreshTokenHash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.sessionEndedAt = sessionEndedAt
    }

    /// Whether the app asked to keep access while the person is away (`offline_access`).
    public var isOffline: Bool { scopes.contains(.offlineAccess) }

    /// The `sid` claim: the browser session, named by a hash of its id as access tokens name it, so the app can
    /// match a back-channel logout to its own session without learning an id Vestibule's pages use.
    public var sid: String { OpenIDGrant.sid(of: browserSessionID) }

    public static func sid(of sessionID: SessionID) -> String {
        Hex.encode(SHA2.sha256(sessionID.rawValue))
    }
}
