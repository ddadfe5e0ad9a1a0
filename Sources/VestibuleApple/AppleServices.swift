/// Everything Sign in with Apple needs at run time, assembled by the composition root.
public struct AppleServices: Sendable {
    public let signIn: AppleSignIn
    public let notifications: AppleNotifications
    public let revocations: AppleRevocations
    /// Set when Apple is the built-in emulator (development and tests), so pages can say so.
    public let emulatorOrigin: String?

    public init(
        signIn: AppleSignIn, notifications: AppleNotifications, revocations: AppleRevocations, emulatorOrigin: String?
    ) {
        self.signIn = signIn
        self.notifications = notifications
        self.revocations = revocations
        self.emulatorOrigin = emulatorOrigin
    }
}
