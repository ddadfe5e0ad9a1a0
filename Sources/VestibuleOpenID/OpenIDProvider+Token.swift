import VestibuleCore
import VestibuleHTTP
import VestibuleSite

extension OpenIDProvider {
    /// The token endpoint (OpenID Connect Core 3.1.3): an authorization code or a refresh token for tokens.
    func token(_ request: Request) throws -> Response {
        try OAuthResponse.answering {
            let form: FormFields
            do { form = try request.form() } catch { throw OAuthError.invalidRequest("The body must be a form (application/x-www-form-urlencoded).") }
            let app = try ClientAuthentication.client(of: request, form: form, apps: site.configuration.apps)
            guard let client = app.openID else { throw OAuthError.invalidClient("Unknown client.", basic: false) }
            do {
                switch form["grant_type"] {
                case "authorization_code":
                    guard let code = form["code"] else { throw OAuthError.invalidRequest("code is required.") }
                    let (grant, refreshToken, nonce) = try site.services.openID.redeem(
                        code: code, app: app, redirectURI: form["redirect_uri"], codeVerifier: form["code_verifier"]
                    )
                    return try tokens(for: grant, refreshToken: refreshToken, nonce: nonce, app: app, client: client)
                case "refresh_token":
                    guard let presented = form["refresh_token"] else { throw OAuthError.invalidRequest("refresh_token is required.") }
                    let (grant, refreshToken) = try site.services.openID.refresh(presented, app: app)
                    return try tokens(for: grant, refreshToken: refreshToken, nonce: nil, app: app, client: client)
                case nil:
                    throw OAuthError.invalidRequest("grant_type is required.")
                default:
                    throw OAuthError(status: .badRequest, code: "unsupported_grant_type", description: "Use authorization_code or refresh_token.")
                }
            } catch let OpenIDGrantError.invalidGrant(description) {
                throw OAuthError.invalidGrant(description)
            }
        }
    }

    private func tokens(
        for grant: OpenIDGrant, refreshToken: String, nonce: String?, app: RegisteredApp, client: OpenIDClientSettings
    ) throws -> Response {
        let idToken = try site.openIDTokens.idToken(
            for: grant, clientID: app.id, nonce: nonce, person: try person(for: grant), algorithm: client.idTokenAlgorithm
        )
        return OAuthResponse.json(
            TokenReply(
                access_token: try site.openIDTokens.accessToken(for: grant, clientID: app.id),
                token_type: "Bearer",
                expires_in: Int(OpenIDTokens.accessTokenLifetime),
                refresh_token: refreshToken,
                id_token: idToken,
                scope: OpenIDScope.parameter(grant.scopes)
            )
        )
    }

    /// The person's claims the grant's scopes release: the name for `profile`, the confirmed address for `email`
    /// (an Apple relay address is a confirmed address: mail to it reaches the person).
    func person(for grant: OpenIDGrant) throws -> OpenIDTokens.PersonClaims {
        guard let account = try site.services.store.account(id: grant.accountID) else {
            throw OAuthError.invalidGrant("The account no longer exists.")
        }
        var claims = OpenIDTokens.PersonClaims()
        if grant.scopes.contains(.profile) { claims.name = account.displayName }
        if grant.scopes.contains(.email), let email = account.email {
            claims.email = email
            claims.emailVerified = true
        }
        return claims
    }
}

/// RFC 6749 5.1 and OpenID Connect Core 3.1.3.3, named as they are.
private struct TokenReply: Encodable {
    let access_token: String
    let token_type: String
    let expires_in: Int
    let refresh_token: String
    let id_token: String
    let scope: String
}
