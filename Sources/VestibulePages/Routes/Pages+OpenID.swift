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
    }

    private func consent(_ request: Request) throws -> Response {
        let visitor = try site.visitor(of: request)
        guard let (app, authorization) = try site.waitingAuthorization(request) else { return .redirect(to: "/account") }
        guard let account = visitor.account else {
            return try site.continueAuthorization(authorization, app: app, visitor: visitor, request: request)
        }
        return try render(for: request, visitor: visitor) {
            ConsentPage.render(in: $0, appName: app.name, account: account, scopes: authorization.scopes)
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
            return try site.refuseAuthorization(
                authorization, error: "access_denied", description: "The person did not allow the app.", request: request
            )
        }
        let allowed = OpenIDAuthorization(
            appID: authorization.appID, redirectURI: authorization.redirectURI, scopes: authorization.scopes,
            state: authorization.state, nonce: authorization.nonce, codeChallenge: authorization.codeChallenge,
            requiresFreshSignIn: authorization.requiresFreshSignIn, forcesConsent: false, requestedAt: authorization.requestedAt
        )
        try site.services.openID.allow(allowed, accountID: session.accountID)
        return try site.continueAuthorization(allowed, app: app, visitor: visitor, request: request)
    }

    /// "Stop using <app>": its consent and grants end, and it is told by back-channel logout.
    private func stopUsingApp(_ request: Request) throws -> Response {
        let (visitor, _) = try site.checkedForm(request)
        guard let account = visitor.account else { return .redirect(to: "/sign-in") }
        if let app = site.configuration.apps.app(id: request.pathParameters["app"] ?? "") {
            try site.services.openID.stopUsing(app, accountID: account.id)
            site.services.sessionsEnded()
        }
        return .redirect(to: "/account/data")
    }
}
