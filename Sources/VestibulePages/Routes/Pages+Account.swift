import VestibuleCore
import VestibuleHTTP
import VestibuleLocalization
import VestibuleSite

extension Pages {
    func installAccountRoutes(on router: inout Router) {
        router.get("/account") { request in try accountPage(request, visitor: try site.visitor(of: request)) }
        router.post("/sign-out") { request in try signOut(request) }
        router.get("/account/data") { request in try personalData(request, asJSON: false) }
        router.get("/account/data.json") { request in try personalData(request, asJSON: true) }
        router.post("/account/sessions/:id/revoke") { request in try revokeSession(request) }
        router.post("/account/name") { request in try saveName(request) }
        router.post("/account/not-me") { request in try notMe(request) }
    }

    /// How you sign in (SIWA-8) and where you are signed in, each device revocable; the data policy's fields
    /// still missing or on offer (SIWA-13), with what a form sent for them when it was refused.
    func accountPage(
        _ request: Request, visitor: Visitor, status: HTTPStatus = .ok, fieldInputs: [String: String] = [:],
        fieldErrors: [String: String] = [:]
    ) throws -> Response {
        guard let session = visitor.session, let account = visitor.account else { return .redirect(to: "/sign-in") }
        let identities = try site.services.store.identities(of: account.id)
        let devices = try site.services.sessions.sessions(of: account.id)
        let passkeys = try site.services.store.passkeys(of: account.id)
        let apple = try site.services.apple.map { _ in try site.services.store.appleIdentities(of: account.id) }
        let given = try site.fields.given(of: account.id)
        let isOperator = try site.services.store.isOperator(account.id)
        let activity = AccountPage.Activity(
            events: try site.services.audit.events(of: account.id, limit: ActivityList.accountPageLength),
            retentionDays: site.services.audit.retentionDays, appName: appName
        )
        let notice: TextKey? = switch request.query["notice"] {
        case "password-changed": .accountPasswordChanged
        case "passkey-added": .accountPasskeyAdded
        case "passkey-renamed": .accountPasskeyRenamed
        case "passkey-deleted": .accountPasskeyDeleted
        case "apple-linked": .accountAppleLinked
        case "apple-failed": .appleFailed
        case "apple-unlinked": .accountAppleUnlinked
        case "field-saved": .accountFieldsSaved
        case "name-saved": .accountNameSaved
        case "signed-out-everywhere": .activitySignedOutEverywhere
        default: nil
        }
        return try render(for: request, visitor: visitor, status: status) { context in
            AccountPage.render(
                in: context,
                identities: identities,
                passkeys: passkeys,
                apple: apple,
                sessions: devices,
                currentSession: session.id,
                handedOverBy: account.handedOverEmail.map { site.configuration.apps.app(id: $0.appID)?.name ?? $0.appID },
                fields: AccountPage.Fields(
                    missing: site.fields.policy.missing(from: given), offered: site.fields.policy.notGiven(from: given),
                    inputs: fieldInputs, errors: fieldErrors
                ),
                activity: activity,
                console: isOperator ? site.configuration.consolePath : nil,
                notice: notice.map { context.text($0) }
            )
        }
    }

    /// The name the pages greet the person by: what a password account never asked for at sign-up, and what
    /// anyone may change. An empty name removes it (the pages then use the email address).
    private func saveName(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        guard var account = visitor.account else { return .redirect(to: "/sign-in") }
        let name = (form["displayName"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard name.count <= PasskeyNames.maximumLength else { throw HTTPError(.badRequest, "That name is too long.") }
        account.displayName = name.isEmpty ? nil : name
        try site.services.store.updateAccount(account)
        return .redirect(to: "/account?notice=name-saved")
    }

    private func signOut(_ request: Request) throws -> Response {
        let visitor = try site.visitor(of: request)
        var response = Response.redirect(to: "/")
        // Signed out already (another tab, another instance, a retried request): the form's token was bound
        // to the ended session and cannot match, and there is nothing left to forge. Still same-origin only.
        guard visitor.session != nil else {
            try site.csrf.checkOrigin(request)
            if site.sessionCookie.value(in: request) != nil { try site.sessionCookie.clear(on: &response) }
            return response
        }
        try site.csrf.check(request, binding: visitor.csrfBinding)
        try site.signOut(visitor, request: request, on: &response)
        return response
    }

    /// What people call a registered app: its name, or its id when it is no longer registered.
    private func appName(_ id: String) -> String { site.configuration.apps.app(id: id)?.name ?? id }

    /// "This wasn't me" under "Recent activity": every other device and app is signed out at once, and someone who
    /// signs in with a password is taken straight to resetting it, since whoever got in may know it. No fresh
    /// sign-in is asked for: this only takes access away, and someone alarmed should not meet an obstacle.
    private func notMe(_ request: Request) throws -> Response {
        let (visitor, _) = try site.checkedForm(request)
        guard let session = visitor.session, let account = visitor.account else { return .redirect(to: "/sign-in") }
        try site.signOutEverywhere(account.id, except: session.id, request: request)
        guard let email = try site.services.passwords.passwordAddress(of: account.id) else {
            return .redirect(to: "/account?notice=signed-out-everywhere")
        }
        return try render(for: request, visitor: visitor) { context in
            ResetPasswordPage.renderRequest(in: context, email: email.value, notice: context.text(.activitySignedOutResetNow))
        }
    }

    private func revokeSession(_ request: Request) throws -> Response {
        let visitor = try site.visitor(of: request)
        guard let session = visitor.session, let account = visitor.account else { return .redirect(to: "/sign-in") }
        try site.csrf.check(request, binding: visitor.csrfBinding)
        let target = SessionID(rawValue: request.pathParameters["id"] ?? "")
        guard try site.services.sessions.revoke(target, of: account.id) else {
            throw HTTPError(.notFound, "No such session on this account.")
        }
        site.audit(target == session.id ? .signedOut : .sessionRevoked, account: account.id, request: request)
        site.services.sessionsEnded()
        guard target == session.id else { return .redirect(to: "/account") }
        var response = Response.redirect(to: "/")
        try site.sessionCookie.clear(on: &response)
        return response
    }

    /// "Your data" (SIWA-14), as a page or as the JSON download of the very same items.
    private func personalData(_ request: Request, asJSON: Bool) throws -> Response {
        let visitor = try site.visitor(of: request)
        guard let account = visitor.account else { return .redirect(to: "/sign-in") }
        let data = try PersonalData(of: account, from: site.services.store, policy: site.fields.policy, language: visitor.language.tag)
        guard asJSON else { return try render(for: request, visitor: visitor) {
                PersonalDataPage.render(data, retentionDays: site.services.audit.retentionDays, appName: appName, in: $0)
            } }
        var response = Response(status: .ok, body: try data.exportJSON())
        response.headers.replace("Content-Type", "application/json; charset=utf-8")
        response.headers.replace("Content-Disposition", "attachment; filename=\"vestibule-data.json\"")
        response.headers.replace("Cache-Control", "no-store")
        return response
    }
}
