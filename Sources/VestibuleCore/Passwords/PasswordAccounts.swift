public import Foundation
public import VestibuleCrypto

/// Accounts that sign in with an email address and a password: sign-up with email verification, sign-in,
/// change and reset. The domain rules only; pages, mail and sessions are the caller's.
///
/// Nothing here tells a visitor whether an address is registered: sign-up, resending a code and starting a
/// reset return what to mail (or `nil`) and the caller shows the same page whatever it is; sign-in fails with
/// one error, after the same Argon2id work, for an unknown address and a wrong password; and codes are stored
/// for unregistered addresses too, so guessing at them behaves the same.
///
/// Hashing is deliberately slow and, like the store, blocks the calling thread: call these methods from the
/// HTTP server's worker threads, not from Swift's cooperative pool. Methods throw ``AccountError`` for what
/// the person can fix, `StoreError` and `CryptoError` for failures of the service.
public struct PasswordAccounts: Sendable {
    /// What to mail after a sign-up. The page shown is the same for both ("check your mail").
    public enum SignUpOutcome: Sendable, Equatable {
        /// A new, unverified account was created: mail `code` to `email`.
        case verificationCodeSent(email: EmailAddress, code: String)
        /// The address is registered already and nothing changed: mail its owner that someone tried to sign
        /// up with it, and that they can sign in or reset their password instead.
        case alreadyRegistered(email: EmailAddress)

        /// The address signed up with, in either outcome.
        public var email: EmailAddress {
            switch self {
            case .verificationCodeSent(let email, _), .alreadyRegistered(let email): email
            }
        }
    }

    let store: any PasswordStore & AccountStore & SessionStore
    let hasher: PasswordHasher
    let policy: PasswordPolicy
    let codes: OneTimeCodes
    let clock: @Sendable () -> Date
    /// A hash with ``hasher``'s own parameters, verified when there is no credential so that an unknown
    /// address costs what a wrong password costs.
    let dummyHash: String

    public init(
        store: any PasswordStore & AccountStore & SessionStore,
        hasher: PasswordHasher,
        policy: PasswordPolicy,
        codes: OneTimeCodes,
        clock: @escaping @Sendable () -> Date
    ) {
        self.store = store
        self.hasher = hasher
        self.policy = policy
        self.codes = codes
        self.clock = clock
        if hasher.parameters == .owasp {
            dummyHash = PasswordHasher.dummyHash
        } else {
            // Hashing fails only for parameters outside the accepted range, and then every hash fails alike.
            dummyHash = (try? hasher.hash(SecureRandom.token())) ?? PasswordHasher.dummyHash
        }
    }

    /// How long a mailed code works: as long as a page may wait for it.
    public var codeLifetime: Duration { codes.lifetime }

    /// The address a sign-up would register, once the address and the password are acceptable: what a caller
    /// counts its mail limit against before ``signUp(email:password:displayName:)`` issues anything. Looks
    /// nothing up, so it reveals nothing about registration.
    /// - Throws: ``AccountError`` `.invalidEmail` or `.weakPassword` for a bad address or password.
    public func checkSignUp(email: String, password: String) throws(AccountError) -> EmailAddress {
        let address = try EmailAddress(email)
        if let problem = policy.problem(with: password, email: address) { throw AccountError.weakPassword(problem) }
        return address
    }

    /// Creates an unverified account, unless the address is registered already.
    ///
    /// The address and the password are checked before anything is looked up (``checkSignUp(email:password:)``),
    /// so those errors reveal nothing about registration; the password is hashed and a verification code issued
    /// in both outcomes, so they take the same time. (For a registered but unverified address, that is the code
    /// pending since its sign-up, if it still is: ``OneTimeCodes`` never replaces a pending code.)
    /// - Throws: ``AccountError`` `.invalidEmail` or `.weakPassword` for a bad address or password.
    public func signUp(email: String, password: String, displayName: String?) throws -> SignUpOutcome {
        let address = try checkSignUp(email: email, password: password)
        let passwordHash = try hash(password)
        let now = clock()
        let name = displayName?.trimmingCharacters(in: .whitespacesAndNewlines)
        let account = Account(displayName: name?.isEmpty == false ? name : nil, email: address.value, createdAt: now)
        do {
            try store.createPasswordAccount(
                account,
                identity: Identity(
                    accountID: account.id, method: .password, subject: address.value, email: address.value,
                    createdAt: now
                ),
                credential: PasswordCredential(accountID: account.id, passwordHash: passwordHash, updatedAt: now)
            )
        } catch where error.code == .conflict {
            // Registered already. A code nobody receives is still issued, so that guessing codes for this
            // address behaves exactly as for a new one.
            _ = try codes.issue(.verifyEmail, for: address)
            return .alreadyRegistered(email: address)
        }
        return .verificationCodeSent(email: address, code: try codes.issue(.verifyEmail, for: address))
    }

    /// Marks the address verified with the code mailed at sign-up, and returns the account to sign in.
    /// - Throws: ``AccountError`` `.invalidCode` (wrong, expired, used, or the address is not awaiting
    ///   verification) or `.tooManyAttempts`.
    public func verifyEmail(_ email: String, code: String) throws -> AccountID {
        let address = try EmailAddress(email)
        guard try codes.redeem(code, purpose: .verifyEmail, for: address) else { throw AccountError.invalidCode }
        // Codes stored for registered addresses are never mailed; one guessed right must not sign anybody in.
        guard let login = try passwordLogin(for: address), login.credential.verifiedAt == nil else {
            throw AccountError.invalidCode
        }
        let now = clock()
        try store.markPasswordVerified(of: login.identity.accountID, at: now)
        try store.recordIdentityUse(method: .password, subject: address.value, at: now)
        return login.identity.accountID
    }

    /// The verification code to mail again for an unverified account (the pending one, or a new one when it
    /// expired or was tried out); `nil` when the address has no account awaiting verification (a code is issued
    /// anyway, and the caller shows the same page).
    public func resendVerification(_ email: String) throws -> String? {
        let address = try EmailAddress(email)
        let code = try codes.issue(.verifyEmail, for: address)
        guard let login = try passwordLogin(for: address), login.credential.verifiedAt == nil else { return nil }
        return code
    }

    /// Checks an address and password and returns the account to sign in.
    ///
    /// An unknown address is verified against a dummy hash, so it takes as long as a wrong password, and
    /// both fail with `.invalidCredentials`. Only after a right password does an unverified address fail
    /// with `.emailNotVerified`. A hash made with older parameters is replaced by one with the current ones.
    public func signIn(email: String, password: String) throws -> AccountID {
        var login: (identity: Identity, credential: PasswordCredential)?
        if let address = try? EmailAddress(email) { login = try passwordLogin(for: address) }
        let stored = login?.credential.passwordHash ?? dummyHash
        guard try matches(password, stored), let login else {
            throw AccountError.invalidCredentials
        }
        let (identity, credential) = login
        if hasher.needsRehash(credential.passwordHash) {
            try store.updatePasswordHash(
                of: identity.accountID, to: try hash(password), replacing: credential.passwordHash, at: clock()
            )
        }
        guard credential.verifiedAt != nil else { throw AccountError.emailNotVerified }
        try store.recordIdentityUse(method: .password, subject: identity.subject, at: clock())
        return identity.accountID
    }

    /// Whether the account can sign in with a password.
    public func hasPassword(_ accountID: AccountID) throws -> Bool {
        try store.passwordCredential(of: accountID) != nil
    }

    /// The password identity and credential for `address`, or `nil` when it has none.
    func passwordLogin(
        for address: EmailAddress
    ) throws(StoreError) -> (identity: Identity, credential: PasswordCredential)? {
        guard let identity = try store.identity(method: .password, subject: address.value),
              let credential = try store.passwordCredential(of: identity.accountID)
        else { return nil }
        return (identity, credential)
    }

    /// The Argon2id hash of the normalized password.
    ///
    /// - Throws: ``HashingBusy`` when every hash and waiting place is taken.
    func hash(_ password: String) throws -> String {
        try admitted { () throws(CryptoError) in try hasher.hash(PasswordPolicy.normalize(password)) }
    }

    /// Whether the normalized password matches `stored`.
    ///
    /// - Throws: ``HashingBusy`` when every hash and waiting place is taken.
    func matches(_ password: String, _ stored: String) throws -> Bool {
        try admitted { () throws(CryptoError) in try hasher.verify(PasswordPolicy.normalize(password), against: stored) }
    }

    /// `body`'s result, its hasher's ``CryptoError/Code/busy`` told apart from a failure, for the 503 it becomes.
    private func admitted<T>(_ body: () throws(CryptoError) -> T) throws -> T {
        do {
            return try body()
        } catch where error.code == .busy {
            throw HashingBusy()
        }
    }
}
