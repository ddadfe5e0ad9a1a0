public import VestibuleCore
public import VestibuleApple
public import VestibuleMail
public import VestibulePasskeys

/// The domain services the pages use, assembled by the composition root.
public struct WebServices: Sendable {
    public var store: any Store
    public var sessions: SessionManager
    public var passwords: PasswordAccounts
    public var passwordPolicy: PasswordPolicy
    public var passkeys: PasskeyCeremonies
    /// Sign in with Apple, with Apple's servers or the built-in emulator; `nil` turns it off.
    public var apple: AppleServices?
    public var mail: MailQueue
    /// Set in development, when mail goes to the outbox folder: `/dev/outbox` then shows it.
    public var outbox: OutboxMailer?

    public init(
        store: any Store,
        sessions: SessionManager,
        passwords: PasswordAccounts,
        passwordPolicy: PasswordPolicy,
        passkeys: PasskeyCeremonies,
        apple: AppleServices?,
        mail: MailQueue,
        outbox: OutboxMailer?
    ) {
        self.store = store
        self.sessions = sessions
        self.passwords = passwords
        self.passwordPolicy = passwordPolicy
        self.passkeys = passkeys
        self.apple = apple
        self.mail = mail
        self.outbox = outbox
    }
}
