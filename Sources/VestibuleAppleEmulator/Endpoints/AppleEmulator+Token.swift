import Foundation
import VestibuleHTTP

extension AppleEmulator {
    /// Apple's `TokenResponse`; no `refresh_token` when refreshing.
    struct TokenResponse: Encodable {
        let access_token: String
        let token_type = "Bearer"
        let expires_in = 3600
        let refresh_token: String?
        let id_token: String
    }

    /// `POST /auth/token`: the `authorization_code` and `refresh_token` grants for an authenticated client.
    func token(_ request: Request) throws -> Response {
        do {
            let form = try tokenForm(request)
            let clientID = try authenticatedClientID(form)
            switch form["grant_type"] {
            case "authorization_code": return try exchangeCode(form, clientID: clientID)
            case "refresh_token": return try refresh(form, clientID: clientID)
            case nil: throw TokenEndpointError.missing("grant_type")
            default: throw TokenEndpointError.unsupportedGrantType
            }
        } catch let error as TokenEndpointError {
            return error.response
        }
    }

    /// `POST /auth/revoke`: 200 with an empty body for any token once the client is authenticated; a token of
    /// the client ends its authorization.
    func revoke(_ request: Request) -> Response {
        do throws(TokenEndpointError) {
            let form = try tokenForm(request)
            let clientID = try authenticatedClientID(form)
            guard let token = form["token"] else { throw .missing("token") }
            let hint = form["token_type_hint"]
            state.withLock { $0.revoke(token: token, clientID: clientID, hint: hint, now: clock()) }
            logger.info("revoked", ["client_id": clientID, "token_type_hint": hint ?? "none"])
            return Response(status: .ok)
        } catch {
            return error.response
        }
    }

    /// The form body, or `invalid_request` for another content type or a malformed body.
    private func tokenForm(_ request: Request) throws(TokenEndpointError) -> URLEncodedFields {
        do {
            return try request.form()
        } catch {
            throw TokenEndpointError(error: "invalid_request", description: error.message)
        }
    }

    /// The `client_id` whose `client_secret` verifies; `invalid_client` for anything else, the reason logged.
    private func authenticatedClientID(_ form: URLEncodedFields) throws(TokenEndpointError) -> String {
        guard let clientID = form["client_id"], let client = client(for: clientID) else {
            throw .invalidClient
        }
        guard let secret = form["client_secret"] else { throw .invalidClient }
        let verifier = ClientSecretVerifier(issuer: issuer)
        if let problem = verifier.problem(with: secret, clientID: clientID, client: client, now: clock()) {
            logger.notice("refused a client secret", ["client_id": clientID, "reason": problem])
            throw .invalidClient
        }
        return clientID
    }

    private func exchangeCode(_ form: URLEncodedFields, clientID: String) throws -> Response {
        guard let code = form["code"] else { throw TokenEndpointError.missing("code") }
        let now = clock()
        let (issued, authorization) = try state.withLock { (state) throws(TokenEndpointError) in
            try state.redeem(code: code, clientID: clientID, redirectURI: form["redirect_uri"], now: now)
        }
        let accessToken = OpaqueToken.accessToken()
        let refreshToken = OpaqueToken.refreshToken()
        state.withLock {
            $0.add(accessToken: accessToken, refreshToken: refreshToken, IssuedToken(authorizationID: authorization.id, clientID: clientID))
        }
        let occasion = IdentityTokenClaims.Occasion.codeExchange(
            accessToken: accessToken, nonce: issued.nonce, authTime: issued.authTime, native: issued.redirectURI == nil
        )
        let idToken = try identityToken(authorization, audience: clientID, now: now, occasion)
        logger.info("exchanged a code", ["client_id": clientID, "sub": authorization.subject])
        return AppleJSON.response(TokenResponse(access_token: accessToken, refresh_token: refreshToken, id_token: idToken))
    }

    private func refresh(_ form: URLEncodedFields, clientID: String) throws -> Response {
        guard let refreshToken = form["refresh_token"] else { throw TokenEndpointError.missing("refresh_token") }
        let authorization = try state.withLock { (state) throws(TokenEndpointError) in
            try state.authorization(refreshToken: refreshToken, clientID: clientID)
        }
        let accessToken = OpaqueToken.accessToken()
        state.withLock {
            $0.add(accessToken: accessToken, refreshToken: nil, IssuedToken(authorizationID: authorization.id, clientID: clientID))
        }
        let idToken = try identityToken(authorization, audience: clientID, now: clock(), .refresh(accessToken: accessToken))
        return AppleJSON.response(TokenResponse(access_token: accessToken, refresh_token: nil, id_token: idToken))
    }
}
