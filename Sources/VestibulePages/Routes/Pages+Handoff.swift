import VestibuleCore
import VestibuleHTTP

/// The browser's side of a hand-off from another app (`docs/api.md`, "Hand-off"): the link the app sends it to,
/// the sign-up or sign-in page prefilled with what the app knew (SIWA-6), the guest's claim at sign-in by any
/// method, and `/continue`, where every sign-in ends: back to the app with a one-time code, or to the account.
extension Pages {
    func installHandoffRoutes(on router: inout Router) {
        router.get("/handoff/:code") { request in try openHandoff(request) }
        router.get("/continue") { request in try continueAfterSignIn(request) }
        router.post("/continue") { request in try confirmHandoff(request) }
    }

    /// The link works once: the hand-off moves under a cookie of this browser, so the URL (in the history, in
    /// a log) is worthless afterwards. Nothing else happens on this GET: someone signed in already is asked on
    /// `/continue` before the app gets anything.
    private func openHandoff(_ request: Request) throws -> Response {
        let visitor = try site.visitor(of: request)
        guard let (handle, handoff) = try site.services.handoffs.open(code: request.pathParameters["code"] ?? "") else {
            return .redirect(to: visitor.session == nil ? "/sign-in?notice=handoff-expired" : "/account")
        }
        let next = switch (visitor.session, handoff.mode) {
        case (.some, _): "/continue"
        case (nil, .signUp): "/sign-up"
        case (nil, .signIn): "/sign-in"
        }
        // The app may name the language its visitor chose there (`?lang=`): the pages go on in it.
        var response = Response.redirect(to: next + (visitor.chosenLanguage.map { "?lang=\($0.rawValue)" } ?? ""))
        try site.handoffCookie.set(handle, on: &response)
        return response
    }

    /// Where a sign-in to an existing account goes (and the welcome page's "Continue"): first the question of
    /// ``AppleLinkPage`` when a Sign in with Apple waits for this account in this browser; then back to the app
    /// of a pending hand-off, with a one-time code for its server, when the person signed in with it pending;
    /// the question of ``HandoffConfirmationPage`` when they were signed in before; otherwise the account page.
    private func continueAfterSignIn(_ request: Request) throws -> Response {
        let visitor = try site.visitor(of: request)
        guard let session = visitor.session, let account = visitor.account else { return .redirect(to: "/sign-in") }
        if try waitingAppleLink(request, visitor: visitor) != nil { return .redirect(to: AppleLinkPage.path) }
        if let (app, authorization) = try site.waitingAuthorization(request) {
            return try site.continueAuthorization(authorization, app: app, visitor: visitor, request: request)
        }
        guard let handle = site.handoffCookie.value(in: request) else { return .redirect(to: "/account") }
        let continuation = try site.services.handoffs.finish(handle: handle, session: session, confirmed: false)
        if case .needsConfirmation(let handoff) = continuation {
            guard let app = site.configuration.apps.app(id: handoff.appID) else { return try dropHandoff(handle) }
            return try render(for: request, visitor: visitor) {
                HandoffConfirmationPage.render(
                    in: $0, appName: app.name, account: account, bringsGuestData: handoff.guestID != nil
                )
            }
        }
        return try leave(continuation)
    }

    /// The answer of ``HandoffConfirmationPage``: on to the app (the guest claimed, a code granted), or not.
    private func confirmHandoff(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        guard let session = visitor.session else { return .redirect(to: "/sign-in") }
        guard let handle = site.handoffCookie.value(in: request) else { return .redirect(to: "/account") }
        guard form["decision"] == "continue" else { return try dropHandoff(handle) }
        return try leave(try site.services.handoffs.finish(handle: handle, session: session, confirmed: true))
    }

    /// Follows a finished hand-off: to the app, or to the account page when there is none to follow.
    private func leave(_ continuation: HandoffContinuation) throws -> Response {
        var response: Response = switch continuation {
        case .returnTo(let url): .redirect(to: url.absoluteString)
        case .needsConfirmation, .none: .redirect(to: "/account")
        }
        try site.handoffCookie.clear(on: &response)
        return response
    }

    private func dropHandoff(_ handle: String) throws -> Response {
        try site.services.handoffs.cancel(handle: handle)
        return try leave(.none)
    }
}
