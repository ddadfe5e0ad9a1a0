import Testing
@testable import VestibuleCore
import VestibuleCrypto
import VestibuleTesting

@Suite struct PasswordAccountsTests {
    static let fastHashing = PasswordHasher.Parameters(memoryKiB: 8, iterations: 1)

    let store: any Store
    let clock = TestClock(startingAt: TestClock.fixedStart)
    let codes: OneTimeCodes
    let accounts: PasswordAccounts
    let sessions: SessionManager

    init() throws {
        store = try makeTestStore()
        codes = OneTimeCodes(store: store, key: SecureRandom.bytes(32), clock: clock.now)
        accounts = Self.accounts(store: store, codes: codes, clock: clock, parameters: Self.fastHashing)
        sessions = SessionManager(store: store, policy: SessionPolicy(), clock: clock.now)
    }

    static func accounts(
        store: any Store, codes: OneTimeCodes, clock: TestClock, parameters: PasswordHasher.Parameters
    ) -> PasswordAccounts {
        PasswordAccounts(
            store: store, hasher: PasswordHasher(parameters: parameters), policy: PasswordPolicy(), codes: codes,
            clock: clock.now
        )
    }

    /// Signs up and verifies `email`, returning the account.
    func verifiedAccount(_ email: String = "ada@example.com", password: String = "correct horse") throws -> AccountID {
        guard case .verificationCodeSent(_, let code) = try accounts.signUp(
            email: email, password: password, displayName: "Ada"
        ) else {
            Issue.record("sign-up did not send a code")
            throw CancellationError()
        }
        return try accounts.verifyEmail(email, code: code)
    }

    func expectAccountError(
        _ code: AccountError.Code,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> Void
    ) {
        let error = #expect(throws: AccountError.self, sourceLocation: sourceLocation) { try body() }
        #expect(error?.code == code, "\(String(describing: error))", sourceLocation: sourceLocation)
    }

    // MARK: Sign-up, verification, sign-in

    @Test func signUpThenVerifyThenSignInRoundTrip() throws {
        let outcome = try accounts.signUp(email: " Ada@Example.com ", password: "correct horse", displayName: " Ada ")
        guard case .verificationCodeSent(let email, let code) = outcome else {
            Issue.record("expected a verification code, got \(outcome)")
            return
        }
        #expect(email.value == "ada@example.com")

        let verified = try accounts.verifyEmail("ada@example.com", code: code)
        #expect(try accounts.signIn(email: "ADA@example.com", password: "correct horse") == verified)

        let account = try #require(try store.account(id: verified))
        #expect(account.email == "ada@example.com")
        #expect(account.displayName == "Ada")
        #expect(try store.passwordCredential(of: verified)?.verifiedAt == clock.now())
        #expect(try store.identity(method: .password, subject: "ada@example.com")?.lastUsedAt == clock.now())
        #expect(try accounts.hasPassword(verified))
    }

    @Test func theStoredCredentialIsAnArgon2idHashNotThePassword() throws {
        let id = try verifiedAccount(password: "correct horse")
        let hash = try #require(try store.passwordCredential(of: id)?.passwordHash)
        #expect(hash.hasPrefix("$argon2id$"))
        #expect(!hash.contains("correct horse"))
    }

    @Test func anUnknownEmailAndAWrongPasswordFailWithTheIdenticalError() throws {
        _ = try verifiedAccount("ada@example.com", password: "correct horse")
        let unknown = #expect(throws: AccountError.self) {
            try accounts.signIn(email: "nobody@example.com", password: "correct horse")
        }
        let wrong = #expect(throws: AccountError.self) {
            try accounts.signIn(email: "ada@example.com", password: "incorrect horse")
        }
        let malformed = #expect(throws: AccountError.self) { try accounts.signIn(email: "ada", password: "x") }
        #expect(unknown?.code == .invalidCredentials)
        #expect(unknown == wrong)
        #expect(unknown == malformed)
    }

    @Test func anUnknownEmailIsCheckedAgainstAHashWithTheSameCost() throws {
        #expect(accounts.hasher.needsRehash(accounts.dummyHash) == false)
        #expect(try accounts.hasher.verify("anything", against: accounts.dummyHash) == false)
        let production = PasswordAccounts(
            store: store, hasher: PasswordHasher(), policy: PasswordPolicy(), codes: codes, clock: clock.now
        )
        #expect(production.dummyHash == PasswordHasher.dummyHash)
    }

    @Test func anUnverifiedAccountCannotSignInAndLearnsWhyOnlyAfterTheRightPassword() throws {
        _ = try accounts.signUp(email: "ada@example.com", password: "correct horse", displayName: nil)
        expectAccountError(.invalidCredentials) {
            _ = try accounts.signIn(email: "ada@example.com", password: "incorrect horse")
        }
        expectAccountError(.emailNotVerified) {
            _ = try accounts.signIn(email: "ada@example.com", password: "correct horse")
        }
    }

    @Test func signUpWithATakenEmailReturnsAlreadyRegisteredAndChangesNothing() throws {
        let ada = try verifiedAccount("ada@example.com", password: "correct horse")
        let outcome = try accounts.signUp(email: "ADA@example.com", password: "impostor's pass", displayName: "Eve")

        #expect(outcome == .alreadyRegistered(email: try EmailAddress("ada@example.com")))
        #expect(try accounts.signIn(email: "ada@example.com", password: "correct horse") == ada)
        expectAccountError(.invalidCredentials) {
            _ = try accounts.signIn(email: "ada@example.com", password: "impostor's pass")
        }
        #expect(try store.account(id: ada)?.displayName == "Ada")
        #expect(try store.identity(method: .password, subject: "ada@example.com")?.accountID == ada)
    }

    @Test func signUpChecksTheAddressAndPasswordBeforeLookingAnythingUp() throws {
        _ = try verifiedAccount("ada@example.com")
        expectAccountError(.invalidEmail) {
            _ = try accounts.signUp(email: "ada@", password: "correct horse", displayName: nil)
        }
        // A weak password is refused the same way whether or not the address is taken.
        expectAccountError(.weakPassword(.tooShort(minimum: 10))) {
            _ = try accounts.signUp(email: "ada@example.com", password: "short", displayName: nil)
        }
        expectAccountError(.weakPassword(.tooShort(minimum: 10))) {
            _ = try accounts.signUp(email: "grace@example.com", password: "short", displayName: nil)
        }
        #expect(try store.identity(method: .password, subject: "grace@example.com") == nil)
    }

    @Test(arguments: [
        ("1234567890", PasswordProblem.tooCommon),
        ("qwertyuiop", .tooCommon),
        ("short", .tooShort(minimum: 10)),
        (String(repeating: "ab1", count: 86), .tooLong(maximum: 256)),
        ("grace.hopper@example.com", .sameAsEmail),
        ("Grace.Hopper", .sameAsEmail),
    ])
    func signUpRefusesAWeakPassword(password: String, problem: PasswordProblem) throws {
        expectAccountError(.weakPassword(problem)) {
            _ = try accounts.signUp(email: "grace.hopper@example.com", password: password, displayName: nil)
        }
        #expect(try store.identity(method: .password, subject: "grace.hopper@example.com") == nil)
    }

    @Test func aPasswordTypedComposedOrDecomposedIsTheSamePassword() throws {
        _ = try verifiedAccount(password: "zo\u{EB}'s long secret")
        let decomposed = "zoe\u{308}'s long secret"
        #expect(throws: Never.self) { try accounts.signIn(email: "ada@example.com", password: decomposed) }
    }

    @Test func aWrongVerificationCodeIsRefused() throws {
        guard case .verificationCodeSent(_, let code) = try accounts.signUp(
            email: "ada@example.com", password: "correct horse", displayName: nil
        ) else { return }
        expectAccountError(.invalidCode) {
            _ = try accounts.verifyEmail("ada@example.com", code: code == "000000" ? "111111" : "000000")
        }
        expectAccountError(.invalidCode) { _ = try accounts.verifyEmail("grace@example.com", code: code) }
        #expect(try store.identity(method: .password, subject: "ada@example.com")
            .flatMap { try store.passwordCredential(of: $0.accountID) }?.verifiedAt == nil)
    }

    @Test func aVerifiedAccountCannotBeVerifiedAgainEvenWithARightCode() throws {
        _ = try verifiedAccount("ada@example.com")
        let code = try codes.issue(.verifyEmail, for: EmailAddress("ada@example.com"))
        expectAccountError(.invalidCode) { _ = try accounts.verifyEmail("ada@example.com", code: code) }
    }

    @Test func resendingVerificationMailsThePendingCodeAgainOnlyForAnUnverifiedAccount() throws {
        guard case .verificationCodeSent(_, let first) = try accounts.signUp(
            email: "ada@example.com", password: "correct horse", displayName: nil
        ) else { return }
        #expect(try accounts.resendVerification("ada@example.com") == first)
        _ = try accounts.verifyEmail("ada@example.com", code: first)

        #expect(try accounts.resendVerification("ada@example.com") == nil, "verified already")
        #expect(try accounts.resendVerification("nobody@example.com") == nil)
    }

    @Test func aHashWithOldParametersIsReplacedAtTheNextSignIn() throws {
        let id = try verifiedAccount(password: "correct horse")
        let old = try #require(try store.passwordCredential(of: id)?.passwordHash)
        clock.advance(by: 60)

        let stronger = PasswordHasher.Parameters(memoryKiB: 16, iterations: 2)
        let upgraded = Self.accounts(store: store, codes: codes, clock: clock, parameters: stronger)
        #expect(try upgraded.signIn(email: "ada@example.com", password: "correct horse") == id)

        let credential = try #require(try store.passwordCredential(of: id))
        #expect(credential.passwordHash != old)
        #expect(credential.passwordHash.contains("m=16,t=2,p=1"))
        #expect(credential.updatedAt == clock.now())
        #expect(try upgraded.signIn(email: "ada@example.com", password: "correct horse") == id)
        #expect(try store.passwordCredential(of: id)?.passwordHash == credential.passwordHash, "no second rehash")
    }

    // MARK: Change and reset

    @Test func changingThePasswordRequiresTheCurrentOneAndEndsEveryOtherSession() throws {
        let id = try verifiedAccount(password: "correct horse")
        let here = try sessions.signIn(accountID: id, method: .password, userAgent: "here", replacing: nil)
        let elsewhere = try sessions.signIn(accountID: id, method: .password, userAgent: "there", replacing: nil)

        expectAccountError(.invalidCredentials) {
            try accounts.changePassword(
                accountID: id, current: "wrong guess!", new: "battery staple", keeping: here.session.id
            )
        }
        #expect(try sessions.authenticate(elsewhere.token) != nil, "a failed change ends nothing")

        try accounts.changePassword(
            accountID: id, current: "correct horse", new: "battery staple", keeping: here.session.id
        )
        #expect(try sessions.authenticate(here.token) != nil)
        #expect(try sessions.authenticate(elsewhere.token) == nil)
        #expect(try accounts.signIn(email: "ada@example.com", password: "battery staple") == id)
        expectAccountError(.invalidCredentials) {
            _ = try accounts.signIn(email: "ada@example.com", password: "correct horse")
        }
    }

    @Test func changingToAWeakPasswordIsRefusedAndChangesNothing() throws {
        let id = try verifiedAccount("ada@example.com", password: "correct horse")
        let here = try sessions.signIn(accountID: id, method: .password, userAgent: "here", replacing: nil)
        expectAccountError(.weakPassword(.sameAsEmail)) {
            try accounts.changePassword(
                accountID: id, current: "correct horse", new: "ADA@example.com", keeping: here.session.id
            )
        }
        expectAccountError(.weakPassword(.tooCommon)) {
            try accounts.changePassword(
                accountID: id, current: "correct horse", new: "password123", keeping: here.session.id
            )
        }
        #expect(try accounts.signIn(email: "ada@example.com", password: "correct horse") == id)
    }

    @Test func anAccountWithoutAPasswordCannotChangeOne() throws {
        let apple = try makeAccount(in: store, at: clock.now())
        #expect(try accounts.hasPassword(apple.id) == false)
        expectAccountError(.invalidCredentials) {
            try accounts.changePassword(
                accountID: apple.id, current: "anything at all", new: "battery staple", keeping: .random()
            )
        }
    }

    @Test func aResetSetsTheNewPasswordAndEndsEverySession() throws {
        let id = try verifiedAccount(password: "correct horse")
        let laptop = try sessions.signIn(accountID: id, method: .password, userAgent: "laptop", replacing: nil)
        let phone = try sessions.signIn(accountID: id, method: .password, userAgent: "phone", replacing: nil)

        let code = try #require(try accounts.beginReset(email: "Ada@example.com"))
        #expect(try accounts.finishReset(email: "ada@example.com", code: code, newPassword: "battery staple") == id)

        #expect(try sessions.authenticate(laptop.token) == nil)
        #expect(try sessions.authenticate(phone.token) == nil)
        #expect(try accounts.signIn(email: "ada@example.com", password: "battery staple") == id)
        expectAccountError(.invalidCredentials) {
            _ = try accounts.signIn(email: "ada@example.com", password: "correct horse")
        }
        expectAccountError(.invalidCode) {
            _ = try accounts.finishReset(email: "ada@example.com", code: code, newPassword: "another staple")
        }
    }

    @Test func aResetVerifiesTheAddressOfAnUnverifiedAccount() throws {
        _ = try accounts.signUp(email: "ada@example.com", password: "correct horse", displayName: nil)
        let code = try #require(try accounts.beginReset(email: "ada@example.com"))
        let id = try accounts.finishReset(email: "ada@example.com", code: code, newPassword: "battery staple")
        #expect(try accounts.signIn(email: "ada@example.com", password: "battery staple") == id)
    }

    @Test func aResetWithAWrongCodeChangesNothing() throws {
        let id = try verifiedAccount(password: "correct horse")
        let code = try #require(try accounts.beginReset(email: "ada@example.com"))
        expectAccountError(.invalidCode) {
            _ = try accounts.finishReset(
                email: "ada@example.com", code: code == "000000" ? "111111" : "000000", newPassword: "battery staple"
            )
        }
        #expect(try accounts.signIn(email: "ada@example.com", password: "correct horse") == id)
    }

    @Test func aWeakNewPasswordDoesNotUseUpTheResetCode() throws {
        _ = try verifiedAccount()
        let code = try #require(try accounts.beginReset(email: "ada@example.com"))
        for _ in 0..<6 {
            expectAccountError(.weakPassword(.tooShort(minimum: 10))) {
                _ = try accounts.finishReset(email: "ada@example.com", code: code, newPassword: "short")
            }
        }
        _ = try accounts.finishReset(email: "ada@example.com", code: code, newPassword: "battery staple")
    }

    @Test func beginResetForAnUnknownAddressReturnsNothingToMail() throws {
        #expect(try accounts.beginReset(email: "nobody@example.com") == nil)
        expectAccountError(.invalidEmail) { _ = try accounts.beginReset(email: "nobody") }
    }

    @Test func guessingCodesBehavesTheSameForRegisteredAndUnknownAddresses() throws {
        _ = try verifiedAccount("ada@example.com")
        let known = try #require(try accounts.beginReset(email: "ada@example.com"))
        #expect(try accounts.beginReset(email: "nobody@example.com") == nil)
        let guess = known == "000000" ? "111111" : "000000"

        for email in ["ada@example.com", "nobody@example.com"] {
            for _ in 0..<5 {
                expectAccountError(.invalidCode) {
                    _ = try accounts.finishReset(email: email, code: guess, newPassword: "battery staple")
                }
            }
            expectAccountError(.tooManyAttempts) {
                _ = try accounts.finishReset(email: email, code: guess, newPassword: "battery staple")
            }
        }
        // Likewise after a sign-up attempt with a taken address and with a new one.
        _ = try accounts.signUp(email: "ada@example.com", password: "impostor's pass", displayName: nil)
        _ = try accounts.signUp(email: "grace@example.com", password: "impostor's pass", displayName: nil)
        for email in ["ada@example.com", "grace@example.com"] {
            for _ in 0..<5 {
                expectAccountError(.invalidCode) { _ = try accounts.verifyEmail(email, code: guess) }
            }
            expectAccountError(.tooManyAttempts) { _ = try accounts.verifyEmail(email, code: guess) }
        }
    }
}
