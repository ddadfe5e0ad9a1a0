public import Foundation

/// A back-channel logout waiting to reach an app (OpenID Back-Channel Logout 1.0): the person's session at
/// Vestibule ended, and the app's session for it must end too. Queued so that an app that is down gets it when it
/// is back; the `logout_token` is signed at each attempt.
public struct BackchannelLogout: Sendable, Equatable {
    public let id: String
    public let appID: String
    /// `sub`: the account.
    public let subject: String
    /// `sid`: the ended browser session, as the app's ID tokens named it.
    public let sid: String
    public var attempts: Int
    public var nextAttemptAt: Date
    public let createdAt: Date

    public init(
        id: String = UUID().uuidString.lowercased(), appID: String, subject: String, sid: String, attempts: Int = 0,
        nextAttemptAt: Date, createdAt: Date
    ) {
        self.id = id
        self.appID = appID
        self.subject = subject
        self.sid = sid
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.createdAt = createdAt
    }
}
