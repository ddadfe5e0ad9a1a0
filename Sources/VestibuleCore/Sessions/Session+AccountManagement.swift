public import Foundation

extension Session {
    /// How recent a session's sign-in must be for it to change how its account signs in, or to delete it.
    public static let accountManagementWindow: TimeInterval = 600

    /// Whether this session may change how its account signs in (password, passkeys, Sign in with Apple) or
    /// delete the account, at `now`.
    ///
    /// Only with a sign-in from the last ten minutes: a session left open on a shared computer, or a stolen
    /// session token, is not enough to lock the owner out. Never a session the hand-off made for an app: the app
    /// acts for its person, it does not manage how they sign in.
    public func mayManageAccount(at now: Date) -> Bool {
        appID == nil && now.timeIntervalSince(createdAt) <= Self.accountManagementWindow
    }
}
