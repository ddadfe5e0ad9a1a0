import Foundation
import VestibuleCore
import VestibuleCrypto
import VestibuleHTTP
import VestibuleJSON
import VestibuleSite

/// What apps do with the tokens they hold: ask who the person is (userinfo), ask whether a token still holds
/// (introspection), and give a token back (revocation).
extension OpenIDProvider {
    /// The userinfo endpoint (OpenID Connect Core 5.3), GET or POST, with the access token as a bearer token in
    /// the `Authorization` header, or in a POST's form body (RFC 6750 2.2), never both.
    func userInfo(_ request: Request) throws -> Response {
        guard let token = try bearerToken(of: request), let (grant, _) = try site.liveGrant(ofAccessToken: token) else {
            var response = OAuthResponse.json(["error": "invalid_token", "error_description": "The access token is missing, expired or revoked."], status: .unauthorized)
            response.headers.replace("WWW-Authenticate", "Bearer error=\"invalid_token\"")
            return response
        }
        var claims: [String: JSONValue] = ["sub": .string(grant.accountID.rawValue)]
        claims.merge(try person(for: grant).members) { _, new in new }
        return OAuthResponse.json(JSONValue.object(claims))
    }

    /// Introspection (RFC 7662), for confidential clients, about their own tokens: access tokens by their grant,
    /// refresh tokens by theirs. Anything else is `{"active": false}`.
    func introspect(_ request: Request) throws -> Response {
        try OAuthResponse.answering {
            let (app, form) = try confidentialClient(request)
            guard let token = form["token"] else { throw OAuthError.invalidRequest("token is required.") }
            let inactive = OAuthResponse.json(["active": false])
            if let (grant, claims) = try site.liveGrant(ofAccessToken: token), grant.appID == app.id {
                var reply: [String: JSONValue] = [
                    "active": .bool(true), "token_type": .string("Bearer"), "client_id": .string(app.id),
                    "sub": .string(grant.accountID.rawValue), "scope": .string(OpenIDScope.parameter(grant.scopes)),
                    "iss": .string(site.configuration.origin), "aud": .string(app.id), "sid": .string(grant.sid),
                ]
                if let exp = claims.all["exp"] { reply["exp"] = exp }
                if let iat = claims.all["iat"] { reply["iat"] = iat }
                return OAuthResponse.json(JSONValue.object(reply))
            }
            if form["token_type_hint"] != "access_token", let grant = try site.services.openID.liveGrant(refreshToken: token),
               grant.appID == app.id
            {
                return OAuthResponse.json(
                    JSONValue.object([
                        "active": .bool(true), "token_type": .string("refresh_token"), "client_id": .string(app.id),
                        "sub": .string(grant.accountID.rawValue), "scope": .string(OpenIDScope.parameter(grant.scopes)),
                        "exp": .number(Double(Int(grant.expiresAt.timeIntervalSince1970))),
                    ])
                )
            }
            return inactive
        }
    }

    /// Revocation (RFC 7009): the token's grant ends, and with it every token it issued. An unknown token, or
    /// another client's, is answered 200 all the same, so the endpoint tells nobody which tokens exist.
    func revoke(_ request: Request) throws -> Response {
        try OAuthResponse.answering {
            let (app, form) = try confidentialClient(request)
            guard let token = form["token"] else { throw OAuthError.invalidRequest("token is required.") }
            if let (grant, _) = try site.liveGrant(ofAccessToken: token) {
                try site.services.openID.revoke(grantID: grant.id, app: app)
            } else {
                try site.services.openID.revoke(refreshToken: token, app: app)
            }
            return OAuthResponse.json([String: String]())
        }
    }

    private func bearerToken(of request: Request) throws -> String? {
        let header = request.headers["Authorization"].flatMap { header in
            header.count > 7 && header.prefix(7).lowercased() == "bearer " ? String(header.dropFirst(7)) : nil
        }
        guard request.method == .post, request.headers["Content-Type"]?.hasPrefix("application/x-www-form-urlencoded") == true,
              let body = try? request.form()["access_token"]
        else { return header }
        return header == nil ? body : nil
    }

    /// A confidential client, authenticated: introspection and revocation are for apps' servers.
    private func confidentialClient(_ request: Request) throws -> (RegisteredApp, FormFields) {
        let form: FormFields
        do { form = try request.form() } catch { throw OAuthError.invalidRequest("The body must be a form (application/x-www-form-urlencoded).") }
        let app = try ClientAuthentication.client(of: request, form: form, apps: site.configuration.apps)
        guard app.openID?.isPublic == false else {
            throw OAuthError(status: .unauthorized, code: "invalid_client", description: "Only confidential clients may call this endpoint.")
        }
        return (app, form)
    }
}
