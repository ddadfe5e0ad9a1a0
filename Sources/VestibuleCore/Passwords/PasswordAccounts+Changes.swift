import Foundation

extension PasswordAccounts {
    /// Changes the password of a signed-in person who proves they know the current one, and ends every
    /// other session of the account (one opened with the old password, perhaps by someone else).
    /// - Parameter session: the session making the change, which stays signed in.
    /// - Throws: ``AccountError`` `.weakPassword` for the new password, `.invalidCredentials` when `current`
    ///   is wrong or the account has no password.
    public func changePassword(accountID: AccountID, current: String, new: String, keeping session: SessionID) throws {
        let email = try passwordAddress(of: accountID)
        if let problem = policy.problem(with: new, email: email) { throw AccountError.weakPassword(problem) }
        let credential = try store.passwordCredential(of: accountID)
        let stored = credential?.passwordHash ?? dummyHash
        guard try matches(current, stored), let credential else {
            throw AccountError.invalidCredentials
        }
        // Replaced only if unchanged since it was read: a concurrent change or reset wins, and this one fails.
        guard try store.updatePasswordHash(
            of: accountID, to: try hash(new), replacing: credential.passwordHash, at: clock()
        ) else { throw AccountError.invalidCredentials }
        try store.deleteSessions(of: accountID, except: session)
    }

    /// The address the account signs in with a password, or `nil` when it has no password.
    public func passwordAddress(of accountID: AccountID) throws(StoreError) -> EmailAddress? {
        try store.identities(of: accountID).first { $0.method == .password }.flatMap { try? EmailAddress($0.subject) }
    }

    /// Starts a password reset: returns the code to mail, or `nil` when the address has no password account.
    ///
    /// A code is stored either way (only a registered address's code is ever mailed), so the time taken and
    /// what later guesses see do not depend on registration; the caller shows the same page for both.
    /// - Throws: ``AccountError`` `.invalidEmail` for text that is not an address.
    public func beginReset(email: String) throws -> String? {
        let address = try EmailAddress(email)
        let code = try codes.issue(.resetPassword, for: address)
        return try passwordLogin(for: address) == nil ? nil : code
    }

    /// Sets a new password with the code from ``beginReset(email:)``, marks the address verified (the code
    /// proved it receives mail), ends every session of the account, and returns the account to sign in.
    ///
    /// The new password is checked before the code, so a weak one does not use up an attempt.
    /// - Throws: ``AccountError`` `.weakPassword`, `.invalidCode` or `.tooManyAttempts`.
    public func finishReset(email: String, code: String, newPassword: String) throws -> AccountID {
        let address = try EmailAddress(email)
        if let problem = policy.problem(with: newPassword, email: address) {
            throw AccountError.weakPassword(problem)
        }
        guard try codes.redeem(code, purpose: .resetPassword, for: address) else { throw AccountError.invalidCode }
        // Codes for unregistered addresses are never mailed; one guessed right resets nothing.
        guard let login = try passwordLogin(for: address) else { throw AccountError.invalidCode }
        let accountID = login.identity.accountID
        try replaceForgottenPassword(of: accountID, with: newPassword)
        try store.deleteSessions(of: accountID, except: nil)
        try store.recordIdentityUse(method: .password, subject: address.value, at: clock())
        return accountID
    }

    /// Checks a forgotten password's replacement before anything is used up for it (a code, a recovery link).
    /// - Throws: ``AccountError`` `.weakPassword`, or `.invalidCredentials` when the account has no password.
    public func checkReplacement(_ newPassword: String, for accountID: AccountID) throws {
        guard let address = try passwordAddress(of: accountID) else { throw AccountError.invalidCredentials }
        if let problem = policy.problem(with: newPassword, email: address) { throw AccountError.weakPassword(problem) }
    }

    /// Sets the password of someone who proved they read the account's mail instead of knowing the old one (an
    /// emailed code, a recovery link), which also verifies the address. Check it first with
    /// ``checkReplacement(_:for:)``; ending the account's sessions is the caller's.
    public func replaceForgottenPassword(of accountID: AccountID, with newPassword: String) throws {
        let now = clock()
        try store.updatePasswordHash(of: accountID, to: try hash(newPassword), replacing: nil, at: now)
        try store.markPasswordVerified(of: accountID, at: now)
    }
}
