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
    /// The keys access tokens are signed with (`POST /api/v1/token`), the ones `/.well-known/jwks.json` publishes.
    public var signingKeys: SigningKeys
    /// Sign in with Apple, with Apple's servers or the built-in emulator; `nil` turns it off.
    public var apple: AppleServices?
    public var mail: MailQueue
    /// Where rate limits count attempts: this process's memory, or the store that instances share.
    public var attempts: any AttemptCounter
    /// Visitors apps keep data for before any sign-in, and the hand-offs that bring them to an account.
    public var guests: Guests
    public var handoffs: Handoffs
    /// OpenID Connect: authorizations waiting for their person, codes, grants, consents, back-channel logouts.
    public var openID: OpenIDGrants
    /// What happened to accounts, for their people and operators.
    public var audit: AuditTrail
    /// The links an operator mails to a person who lost every way in.
    public var recoveryLinks: RecoveryLinks
    /// Set in development, when mail goes to the outbox folder: `/dev/outbox` then shows it.
    public var outbox: OutboxMailer?
    /// Called after a route ends a session, so that apps signed in through it are told now rather than at the
    /// next periodic round (back-channel logout).
    public var sessionsEnded: @Sendable () -> Void = {}

    public init(
        store: any Store,
        sessions: SessionManager,
        passwords: PasswordAccounts,
        passwordPolicy: PasswordPolicy,
        passkeys: PasskeyCeremonies,
        signingKeys: SigningKeys,
        apple: AppleServices?,
        mail: MailQueue,
        attempts: any AttemptCounter,
        guests: Guests,
        handoffs: Handoffs,
        openID: OpenIDGrants,
        audit: AuditTrail,
        recoveryLinks: RecoveryLinks,
        outbox: OutboxMailer?
    ) {
        self.store = store
        self.sessions = sessions
        self.passwords = passwords
        self.passwordPolicy = passwordPolicy
        self.passkeys = passkeys
        self.signingKeys = signingKeys
        self.apple = apple
        self.mail = mail
        self.attempts = attempts
        self.guests = guests
        self.handoffs = handoffs
        self.openID = openID
        self.audit = audit
        self.recoveryLinks = recoveryLinks
        self.outbox = outbox
    }
}
