package import VestibuleCore
package import VestibuleHTTP
package import VestibuleCrypto

/// The browser's side of an OpenID Connect authorization that waits for the person (to sign in, or to answer the
/// consent page), shared by the provider's authorization endpoint and the pages every sign-in ends on.
extension Site {
    /// Where the consent page lives (`VestibulePages`).
    package static let consentPath = "/oidc/consent"
    /// Where a logout an app asked for without naming the person is confirmed (`VestibulePages`).
    package static let signOutConfirmationPath = "/oidc/sign-out"

    /// Where RP-initiated logout sends the browser afterwards: the client's registered `uri` with `state` added,
    /// `/` without a `uri`; `nil` when `uri` is not registered for `clientID` (never redirected to).
    package func postLogoutDestination(clientID: String?, uri: String?, state: String?) -> String? {
        guard let uri else { return "/" }
        guard let clientID, let settings = configuration.apps.app(id: clientID)?.openID,
              settings.postLogoutRedirectURIs.contains(uri)
        else { return nil }
        return Self.appending(state.map { [("state", $0)] } ?? [], to: uri)
    }

    /// Ends the browser's session, as a sign-out does, and has its apps told.
    package func signOut(_ visitor: Visitor, request: Request, on response: inout Response) throws {
        guard let token = visitor.token else { return }
        try services.sessions.signOut(token)
        if let session = visitor.session { audit(.signedOut, account: session.accountID, request: request) }
        try sessionCookie.clear(on: &response)
        services.sessionsEnded()
    }

    /// The live grant an access token of this provider names, with the token's claims: for the provider's
    /// userinfo and introspection, and the JSON API's documents (the `documents` scope).
    package func liveGrant(ofAccessToken token: String) throws -> (OpenIDGrant, JWTClaims)? {
        guard let claims = openIDTokens.verifiedAccessToken(token), let grantID = claims.all["gid"]?.stringValue,
              let grant = try services.openID.liveGrant(id: grantID)
        else { return nil }
        return (grant, claims)
    }

    /// The browser's waiting authorization and the app that asked; `nil` without one, or when the app is no
    /// longer an OpenID client.
    package func waitingAuthorization(_ request: Request) throws -> (app: RegisteredApp, authorization: OpenIDAuthorization)? {
        guard let handle = authorizationCookie.value(in: request),
              let authorization = try services.openID.waiting(handle: handle),
              let app = configuration.apps.app(id: authorization.appID), app.openID != nil
        else { return nil }
        return (app, authorization)
    }

    /// Takes `authorization` one step on for `visitor`: to the sign-in page while nobody (or nobody recent enough)
    /// is signed in, to the consent page while the app needs the person's "Allow", otherwise back to the app with
    /// a code. The waiting request is kept under the browser's cookie until it is answered.
    package func continueAuthorization(
        _ authorization: OpenIDAuthorization, app: RegisteredApp, visitor: Visitor, request: Request
    ) throws -> Response {
        let signedIn = visitor.session.flatMap { services.openID.isFreshEnough($0, for: authorization) ? $0 : nil }
        guard let session = signedIn else {
            let page = authorization.startsWithSignUp && visitor.session == nil ? "/sign-up" : "/sign-in"
            return try waiting(authorization, request: request, next: page + languageQuery(visitor))
        }
        if try services.openID.needsConsent(authorization, app: app, session: session) {
            return try waiting(authorization, request: request, next: Site.consentPath)
        }
        let code = try services.openID.issueCode(for: authorization, session: session, merging: app.mergeRule)
        var response = Response.redirect(
            to: authorizationResponse(redirectURI: authorization.redirectURI, state: authorization.state, [("code", code)])
        )
        try dropWaitingAuthorization(request, on: &response)
        return response
    }

    /// Back to the app's `redirectURI` with an error and the request's `state` (OAuth 2.0 4.1.2.1). A request that
    /// is refused as it arrives leaves the browser's waiting one, which may be another app's, alone.
    package func refuseAuthorization(redirectURI: String, state: String?, error: String, description: String) -> Response {
        .redirect(
            to: authorizationResponse(
                redirectURI: redirectURI, state: state, [("error", error), ("error_description", description)]
            )
        )
    }

    /// Back to the app with an error for the browser's waiting request, which is dropped: the person answered it.
    package func refuseWaitingAuthorization(
        _ authorization: OpenIDAuthorization, error: String, description: String, request: Request
    ) throws -> Response {
        var response = refuseAuthorization(
            redirectURI: authorization.redirectURI, state: authorization.state, error: error, description: description
        )
        try dropWaitingAuthorization(request, on: &response)
        return response
    }

    /// Forgets the browser's waiting authorization, answered now.
    private func dropWaitingAuthorization(_ request: Request, on response: inout Response) throws {
        guard let handle = authorizationCookie.value(in: request) else { return }
        _ = try services.openID.take(handle: handle)
        try authorizationCookie.clear(on: &response)
    }

    /// The redirect URI with `parameters`, the request's `state`, and `iss` (RFC 9207), so an app that uses
    /// several providers knows which one answered. A registered redirect URI has no fragment; it may have a query.
    private func authorizationResponse(redirectURI: String, state: String?, _ parameters: [(String, String)]) -> String {
        var fields = parameters
        if let state { fields.append(("state", state)) }
        fields.append(("iss", configuration.origin))
        return Self.appending(fields, to: redirectURI)
    }

    /// A registered address (no fragment, perhaps a query) with `fields` added to its query, form-encoded.
    private static func appending(_ fields: [(String, String)], to address: String) -> String {
        guard !fields.isEmpty else { return address }
        return address + (address.contains("?") ? "&" : "?") + URLEncodedFields(fields).encoded
    }

    private func waiting(_ authorization: OpenIDAuthorization, request: Request, next: String) throws -> Response {
        var response = Response.redirect(to: next)
        if authorizationCookie.value(in: request).flatMap({ try? services.openID.waiting(handle: $0) }) != authorization {
            try authorizationCookie.set(try services.openID.keep(authorization), on: &response)
        }
        return response
    }

    private func languageQuery(_ visitor: Visitor) -> String {
        visitor.chosenLanguage.map { "?lang=\($0.rawValue)" } ?? ""
    }
}
