import VestibuleCore
import VestibuleHTTP
import VestibuleSite

/// The person's side of OpenID Connect (`docs/oidc.md`): the consent page an app that is not the operator's own
/// gets before it receives anything, and "Stop using" in "Your data". The protocol's endpoints are
/// `VestibuleOpenID`'s; a waiting authorization goes on from `/continue` like every sign-in.
extension Pages {
    func installOpenIDRoutes(on router: inout Router) {
        router.get(Site.consentPath) { request in try consent(request) }
        router.post(Site.consentPath) { request in try answerConsent(request) }
        router.post("/account/apps/:app/stop") { request in try stopUsingApp(request) }
        router.get(Site.signOutConfirmationPath) { request in try confirmSignOut(request) }
        router.post(Site.signOutConfirmationPath) { request in try answerSignOut(request) }
    }

    /// An app asked to sign the person out without naming them (no `id_token_hint`): they decide.
    private func confirmSignOut(_ request: Request) throws -> Response {
        let visitor = try site.visitor(of: request)
        let parameters = request.query
        guard let destination = site.postLogoutDestination(
            clientID: parameters["client_id"], uri: parameters["post_logout_redirect_uri"], state: parameters["state"]
        ) else { throw HTTPError(.badRequest, "post_logout_redirect_uri is not registered for the client.") }
        guard let account = visitor.account else { return .redirect(to: destination) }
        let appName = parameters["client_id"].flatMap { site.configuration.apps.app(id: $0)?.name }
        return try render(for: request, visitor: visitor) {
            SignOutConfirmationPage.render(in: $0, appName: appName, account: account, parameters: parameters)
        }
    }

    private func answerSignOut(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        guard form["decision"] == "sign-out" else { return .redirect(to: "/account") }
        guard let destination = site.postLogoutDestination(
            clientID: form["client_id"], uri: form["post_logout_redirect_uri"], state: form["state"]
        ) else { throw HTTPError(.badRequest, "post_logout_redirect_uri is not registered for the client.") }
        var response = Response.redirect(to: destination)
        try site.signOut(visitor, request: request, on: &response)
        return response
    }

    private func consent(_ request: Request) throws -> Response {
        let visitor = try site.visitor(of: request)
        guard let (app, authorization) = try site.waitingAuthorization(request) else { return .redirect(to: "/account") }
        guard let account = visitor.account else {
            return try site.continueAuthorization(authorization, app: app, visitor: visitor, request: request)
        }
        return try render(for: request, visitor: visitor) {
            ConsentPage.render(
                in: $0, appName: app.name, account: account, scopes: authorization.scopes,
                bringsGuestData: authorization.guestID != nil
            )
        }
    }

    /// "Allow" records the consent and sends the app its code; "Don't Allow" sends it `access_denied`.
    private func answerConsent(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        guard let (app, authorization) = try site.waitingAuthorization(request) else { return .redirect(to: "/account") }
        guard let session = visitor.session, site.services.openID.isFreshEnough(session, for: authorization) else {
            return try site.continueAuthorization(authorization, app: app, visitor: visitor, request: request)
        }
        guard form["decision"] == "allow" else {
            return try site.refuseWaitingAuthorization(
                authorization, error: "access_denied", description: "The person did not allow the app.", request: request
            )
        }
        let allowed = authorization.consentAnswered
        try site.services.openID.allow(allowed, accountID: session.accountID)
        site.audit(.consentGiven, account: session.accountID, appID: app.id, detail: allowed.scopes.map(\.rawValue).joined(separator: " "), request: request)
        return try site.continueAuthorization(allowed, app: app, visitor: visitor, request: request)
    }

    /// "Stop using <app>": its consent and grants end, and it is told by back-channel logout.
    private func stopUsingApp(_ request: Request) throws -> Response {
        let (visitor, _) = try site.checkedForm(request)
        guard let account = visitor.account else { return .redirect(to: "/sign-in") }
        if let app = site.configuration.apps.app(id: request.pathParameters["app"] ?? "") {
            try site.services.openID.stopUsing(app, accountID: account.id)
            site.audit(.consentRevoked, account: account.id, appID: app.id, request: request)
            site.services.sessionsEnded()
        }
        return .redirect(to: "/account/data")
    }
}
