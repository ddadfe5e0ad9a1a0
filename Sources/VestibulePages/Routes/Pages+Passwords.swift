import VestibuleCore
import VestibuleHTTP
import VestibuleSite

/// Password accounts: sign-up with an emailed code, sign-in, reset by code, change (AUTH-2, AUTH-5, AUTH-10).
/// Every answer is the same whether or not an address has an account; only its owner's inbox differs.
extension Pages {
    func installPasswordRoutes(on router: inout Router) {
        router.get("/sign-in") { request in
            // What the app that sent the person here knows of them: a hand-off's address, an OpenID `login_hint`.
            try page(for: request) { signInForm($0, request: request, email: $0.prefill.email ?? "") }
        }
        router.post("/sign-in") { request in try signInWithPassword(request) }
        router.get("/sign-up") { request in
            try page(for: request) {
                SignUpPage.render(
                    in: $0, policy: site.services.passwordPolicy, apple: site.services.apple != nil,
                    name: $0.prefill.name ?? "", email: $0.prefill.email ?? ""
                )
            }
        }
        router.post("/sign-up") { request in try signUp(request) }
        router.get("/verify-email") { request in
            guard let address = pendingAddress(of: request) else { return .redirect(to: "/sign-up") }
            return try page(for: request) { VerifyEmailPage.render(in: $0, email: address.value) }
        }
        router.post("/verify-email") { request in try verifyEmail(request) }
        router.post("/verify-email/resend") { request in try resendVerification(request) }
        router.get("/reset-password") { request in try page(for: request) { ResetPasswordPage.renderRequest(in: $0) } }
        router.post("/reset-password") { request in try beginReset(request) }
        router.get("/reset-password/code") { request in
            guard let address = pendingAddress(of: request) else { return .redirect(to: "/reset-password") }
            return try page(for: request) {
                ResetPasswordPage.renderCode(in: $0, email: address.value, policy: site.services.passwordPolicy)
            }
        }
        router.post("/reset-password/code") { request in try finishReset(request) }
        router.get("/account/password") { request in try changePasswordPage(request) }
        router.post("/account/password") { request in try changePassword(request) }
    }

    /// The sign-in page, led by the method this browser used last (AUTH-8); a passkey for someone new.
    private func signInForm(_ context: PageContext, request: Request, email: String = "", error: String? = nil) -> Page {
        let benefits = site.configuration.signInBenefits[context.language.tag] ?? context.text(.signInBenefits)
        let remembered = request.cookies[Visitor.lastMethodCookie].flatMap(SignInMethod.init(rawValue:))
        let linking = request.query["notice"] == "apple-link" ? emailAwaitingAppleLink(request) : nil
        let notice: String? = switch request.query["notice"] {
        case "apple-cancelled": context.text(.appleCancelled)
        case "apple-failed": context.text(.appleFailed)
        case "apple-expired": context.text(.appleExpired)
        case "apple-link": linking.map { context.text(.appleLinkNeeded, ["email": $0]) }
        case "handoff-expired": context.text(.handoffExpired)
        case "sign-in-again": context.text(.accountSignInAgain)
        case "recovered": context.text(.signInRecovered)
        default: nil
        }
        // Someone asked to sign in to an existing account before Apple is added: their password leads.
        let primary = linking != nil ? .password : remembered ?? .passkey
        return SignInPage.render(
            in: context, benefits: benefits, primary: primary, apple: site.services.apple != nil,
            email: email.isEmpty ? linking ?? "" : email, notice: notice, error: error
        )
    }

    /// The email of the account a Sign in with Apple waits to be added to (SIWA-5), from the link waiting for
    /// this browser, never from the URL; `nil` when none waits for it.
    private func emailAwaitingAppleLink(_ request: Request) -> String? {
        guard let apple = site.services.apple, let handle = site.appleLinkCookie.value(in: request),
              let visitor = site.visitorCookie.value(in: request)
        else { return nil }
        return try? apple.signIn.pendingLinkEmail(handle: handle, visitor: visitor, account: nil)
    }

    private func signInWithPassword(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        let email = form["email"] ?? ""
        try site.limits.record("sign-in", fromNetwork: request.remoteNetwork, site.configuration.rateLimits.signInPerAddress)
        if let account = AccountLimitKey(typed: email) {
            try site.limits.record("sign-in", account: account, site.configuration.rateLimits.signInPerAccount)
        }
        do {
            let accountID = try site.services.passwords.signIn(email: email, password: form["password"] ?? "")
            // A Sign in with Apple waiting to be added is asked about on `/continue`: no passkey offer before it.
            let offer = try site.appleLinkCookie.value(in: request) == nil && shouldOfferPasskey(to: accountID, request: request)
            let next = offer ? "/account/passkey-offer" : "/continue"
            return try site.signIn(accountID, method: .password, visitor: visitor, request: request, then: next)
        } catch let error as AccountError where error.code == .emailNotVerified {
            // Reached only with the right password, so saying it reveals nothing to a guesser. The code is mailed
            // again within the mail limit, as a resend is.
            let address = try EmailAddress(email)
            try site.limits.record("email", account: AccountLimitKey(address), site.configuration.rateLimits.emailsPerAccount)
            if let code = try site.services.passwords.resendVerification(email) {
                site.mail.sendVerificationCode(code, to: address, in: visitor.language)
            }
            var response = try render(for: request, visitor: visitor) { context in
                VerifyEmailPage.render(in: context, email: address.value, notice: context.text(.signInNotVerified))
            }
            try rememberPendingAddress(address, on: &response)
            return response
        } catch let error as AccountError where error.code == .invalidCredentials || error.code == .invalidEmail {
            site.audit(.signIn, outcome: .failed, account: site.passwordAccount(typed: email), method: .password, request: request)
            // One answer for an unknown address, a malformed one and a wrong password (no enumeration).
            return try render(for: request, visitor: visitor, status: .unauthorized) { context in
                signInForm(context, request: request, email: email, error: context.text(.signInInvalidCredentials))
            }
        }
    }

    private func signUp(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        let email = form["email"] ?? ""
        try site.limits.record("email", fromNetwork: request.remoteNetwork, site.configuration.rateLimits.emailsPerAddress)
        do {
            let password = form["password"] ?? ""
            // Counted before anything is issued: a refused request must leave no new code behind.
            let address = try site.services.passwords.checkSignUp(email: email, password: password)
            try site.limits.record("email", account: AccountLimitKey(address), site.configuration.rateLimits.emailsPerAccount)
            let outcome = try site.services.passwords.signUp(email: email, password: password, displayName: nil)
            switch outcome {
            case .verificationCodeSent(let address, let code):
                site.mail.sendVerificationCode(code, to: address, in: visitor.language)
                site.audit(.signUp, account: site.passwordAccount(typed: address.value), method: .password, request: request)
            case .alreadyRegistered(let address):
                site.mail.sendAlreadyRegistered(to: address, in: visitor.language)
            }
            var response = Response.redirect(to: "/verify-email")
            try rememberPendingAddress(outcome.email, on: &response)
            return response
        } catch let error as AccountError {
            return try render(for: request, visitor: visitor, status: .badRequest) { context in
                SignUpPage.render(
                    in: context, policy: site.services.passwordPolicy, apple: site.services.apple != nil, email: email,
                    error: message(for: error, in: context)
                )
            }
        }
    }

    private func verifyEmail(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        let email = form["email"] ?? ""
        try site.limits.record("code", fromNetwork: request.remoteNetwork, site.configuration.rateLimits.codesPerAddress)
        do {
            let accountID = try site.services.passwords.verifyEmail(email, code: form["code"] ?? "")
            site.audit(.emailVerified, account: accountID, method: .password, request: request)
            var response = try site.signIn(accountID, method: .password, visitor: visitor, request: request, then: WelcomePage.path)
            try pendingAddressCookie.clear(on: &response)
            return response
        } catch let error as AccountError {
            return try render(for: request, visitor: visitor, status: .badRequest) { context in
                VerifyEmailPage.render(in: context, email: email, error: message(for: error, in: context))
            }
        }
    }

    private func resendVerification(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        let email = form["email"] ?? ""
        try site.limits.record("email", fromNetwork: request.remoteNetwork, site.configuration.rateLimits.emailsPerAddress)
        if let account = AccountLimitKey(typed: email) {
            try site.limits.record("email", account: account, site.configuration.rateLimits.emailsPerAccount)
        }
        let address = try? EmailAddress(email)
        if let code = try? site.services.passwords.resendVerification(email), let address {
            site.mail.sendVerificationCode(code, to: address, in: visitor.language)
        }
        var response = try render(for: request, visitor: visitor) { context in
            VerifyEmailPage.render(in: context, email: email, notice: context.text(.verifyResent))
        }
        // A new code waits as long again.
        if let address { try rememberPendingAddress(address, on: &response) }
        return response
    }

    private func beginReset(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        let email = form["email"] ?? ""
        guard let address = try? EmailAddress(email) else {
            return try render(for: request, visitor: visitor, status: .badRequest) { context in
                ResetPasswordPage.renderRequest(in: context, email: email, error: context.text(.emailInvalid))
            }
        }
        try site.limits.record("email", fromNetwork: request.remoteNetwork, site.configuration.rateLimits.emailsPerAddress)
        try site.limits.record("email", account: AccountLimitKey(address), site.configuration.rateLimits.emailsPerAccount)
        if let code = try site.services.passwords.beginReset(email: email) {
            site.mail.sendResetCode(code, to: address, in: visitor.language)
        }
        var response = Response.redirect(to: "/reset-password/code")
        try rememberPendingAddress(address, on: &response)
        return response
    }

    private func finishReset(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        let email = form["email"] ?? ""
        try site.limits.record("code", fromNetwork: request.remoteNetwork, site.configuration.rateLimits.codesPerAddress)
        do {
            let accountID = try site.services.passwords.finishReset(
                email: email, code: form["code"] ?? "", newPassword: form["password"] ?? ""
            )
            try site.credentialChanges.notice(for: accountID).send(.password, in: visitor.language)
            site.audit(.passwordReset, account: accountID, method: .password, request: request)
            var response = try site.signIn(accountID, method: .password, visitor: visitor, request: request, then: "/account?notice=password-changed")
            try pendingAddressCookie.clear(on: &response)
            return response
        } catch let error as AccountError {
            return try render(for: request, visitor: visitor, status: .badRequest) { context in
                ResetPasswordPage.renderCode(
                    in: context, email: email, policy: site.services.passwordPolicy, error: message(for: error, in: context)
                )
            }
        }
    }

    private func changePasswordPage(_ request: Request) throws -> Response {
        let visitor = try site.visitor(of: request)
        guard let session = visitor.session else { return .redirect(to: "/sign-in") }
        guard site.credentialChanges.allows(session) else { return .redirect(to: CredentialChanges.signInAgainPath) }
        return try render(for: request, visitor: visitor) { ChangePasswordPage.render(in: $0, policy: site.services.passwordPolicy) }
    }

    private func changePassword(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        guard let session = visitor.session else { return .redirect(to: "/sign-in") }
        guard let notice = try site.credentialChanges.authorize(session) else {
            return .redirect(to: CredentialChanges.signInAgainPath)
        }
        // Guessing the current password is guessing the password sign-ins guess: one budget for both.
        let account = try site.services.passwords.passwordAddress(of: session.accountID).map(AccountLimitKey.init)
            ?? AccountLimitKey(session.accountID)
        try site.limits.record("sign-in", account: account, site.configuration.rateLimits.signInPerAccount)
        do {
            try site.services.passwords.changePassword(
                accountID: session.accountID,
                current: form["password"] ?? "",
                new: form["new-password"] ?? "",
                keeping: session.id
            )
            notice.send(.password, in: visitor.language)
            site.audit(.passwordChanged, account: session.accountID, method: .password, request: request)
            return .redirect(to: "/account?notice=password-changed")
        } catch let error as AccountError {
            return try render(for: request, visitor: visitor, status: .badRequest) { context in
                let text = error.code == .invalidCredentials ? context.text(.changeWrongCurrent) : message(for: error, in: context)
                return ChangePasswordPage.render(in: context, policy: site.services.passwordPolicy, error: text)
            }
        }
    }

    /// What to tell the person about a refused form, in their language.
    func message(for error: AccountError, in context: PageContext) -> String {
        if let problem = error.code.passwordProblem { return message(for: problem, in: context) }
        switch error.code {
        case .invalidEmail: return context.text(.emailInvalid)
        case .invalidCredentials: return context.text(.signInInvalidCredentials)
        default: return context.text(.codeInvalid)
        }
    }

    private func message(for problem: PasswordProblem, in context: PageContext) -> String {
        switch problem {
        case .tooShort(let minimum): context.text(.problemTooShort, ["minimum": String(minimum)])
        case .tooLong(let maximum): context.text(.problemTooLong, ["maximum": String(maximum)])
        case .tooCommon: context.text(.problemTooCommon)
        case .sameAsEmail: context.text(.problemSameAsEmail)
        }
    }
}
