import Foundation
import VestibuleAPI
import VestibuleCrypto
import VestibuleHTTP
import VestibuleHTTPClient

/// Signing in with OpenID Connect from a web app's server (`docs/oidc.md`): the authorization code flow with
/// PKCE, the app's key as its client secret (`client_secret_basic`), the ID token verified against Vestibule's
/// published keys, and the tokens' upkeep (refresh, userinfo, revocation).
extension VestibuleClient {
    /// Where to send the browser, and what to keep for its way back (``OpenIDSignIn/cookieValue``). Nothing is
    /// sent to Vestibule yet.
    public func startSignIn(_ request: OpenIDSignInRequest) throws(VestibuleClientError) -> OpenIDSignIn {
        let clientID = try requiredAppID(call: "GET \(OpenIDPath.authorize)")
        let state = SecureRandom.token(byteCount: 16)
        let nonce = SecureRandom.token(byteCount: 16)
        let verifier = SecureRandom.token(byteCount: 32)
        var parameters = [
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", request.redirectURI),
            ("scope", request.scopes.joined(separator: " ")), ("state", state), ("nonce", nonce),
            ("code_challenge", Base64URL.encode(SHA2.sha256(verifier))), ("code_challenge_method", "S256"),
        ]
        if request.firstPage == .signUp { parameters.append(("prompt", "create")) }
        if let ticket = request.guestTicket { parameters.append(("vestibule_guest_ticket", ticket)) }
        if let language = request.language { parameters.append(("ui_locales", language)) }
        let url = origin + OpenIDPath.authorize + "?" + URLEncodedFields(parameters).encoded
        return OpenIDSignIn(url: url, state: state, nonce: nonce, codeVerifier: verifier)
    }

    /// The browser's way back to `redirectURI`: its `code`, `state` and `error` parameters, checked against the
    /// sign-in this browser `started`, become the tokens and the verified identity of the person.
    public func finishSignIn(
        code: String?, state: String?, error: String?, started: OpenIDSignIn?, redirectURI: String
    ) throws(OpenIDSignInError) -> (tokens: OpenIDTokenSet, identity: OpenIDIdentity) {
        // Before anything else: an answer this browser did not ask for is not read any further.
        guard let started, let state, ConstantTime.equals(Array(state.utf8), Array(started.state.utf8)) else {
            throw OpenIDSignInError(.notStartedHere)
        }
        if let error { throw OpenIDSignInError(.refusedByVestibule(error)) }
        guard let code else { throw OpenIDSignInError(.refusedByVestibule("invalid_request")) }
        let redeemed: OpenIDTokenSet?
        do {
            redeemed = try tokenRequest([
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
                ("code_verifier", started.codeVerifier),
            ])
        } catch {
            throw OpenIDSignInError(.unreachable(error))
        }
        guard let tokens = redeemed else { throw OpenIDSignInError(.codeRefused) }
        guard let idToken = tokens.idToken else { throw OpenIDSignInError(.invalidIDToken("the reply has none")) }
        return (tokens, try verifiedIdentity(idToken, nonce: started.nonce))
    }

    /// New tokens for `refreshToken`, which is spent; `nil` when Vestibule refuses it (the grant ended: the person
    /// signed out or stopped the app, or the token was used before).
    public func refreshTokens(_ refreshToken: String) throws(VestibuleClientError) -> OpenIDTokenSet? {
        try tokenRequest([("grant_type", "refresh_token"), ("refresh_token", refreshToken)])
    }

    /// Ends the grant `token` (an access or refresh token) belongs to, and every token it issued: an app's
    /// sign-out. A token that had ended already is not an error.
    public func revokeToken(_ token: String) throws(VestibuleClientError) {
        let clientID = try requiredAppID(call: "POST \(OpenIDPath.revoke)")
        _ = try send(
            .post, OpenIDPath.revoke, headers: clientHeaders(clientID),
            body: Array(URLEncodedFields([("token", token)]).encoded.utf8)
        )
    }

    /// The person an access token is for, from the userinfo endpoint.
    ///
    /// - Throws: ``VestibuleClientError/Code/signInRequired`` once the token or its grant has ended (the person
    ///   signed out at Vestibule, or stopped the app), as the documents calls do.
    public func userInfo(accessToken: String) throws(VestibuleClientError) -> OpenIDUserInfo {
        let response = try send(.get, OpenIDPath.userInfo, bearer: accessToken)
        return try decode(OpenIDUserInfo.self, from: response, call: "GET \(OpenIDPath.userInfo)")
    }

    /// A token request with the app's credentials; `nil` when the grant is refused (`invalid_grant`).
    private func tokenRequest(_ parameters: [(String, String)]) throws(VestibuleClientError) -> OpenIDTokenSet? {
        let call = "POST \(OpenIDPath.token)"
        let clientID = try requiredAppID(call: call)
        let response = try send(
            .post, OpenIDPath.token, headers: clientHeaders(clientID), body: Array(URLEncodedFields(parameters).encoded.utf8),
            handled: [400]
        )
        guard response.status != 400 else {
            let refusal = try? JSONDecoder().decode([String: String].self, from: Data(response.body))
            guard refusal?["error"] == "invalid_grant" else { throw failure(of: response, call: call) }
            return nil
        }
        return try decode(OpenIDTokenSet.self, from: response, call: call)
    }

    /// The claims of an ID token Vestibule signed for this app and this sign-in (OpenID Connect Core 3.1.3.7),
    /// against the keys Vestibule publishes now.
    private func verifiedIdentity(_ idToken: String, nonce: String) throws(OpenIDSignInError) -> OpenIDIdentity {
        let keys: KeyCache
        do {
            keys = KeyCache(jwks: try signingKeys().keys)
        } catch {
            throw OpenIDSignInError(.unreachable(error))
        }
        let claims: JWTClaims
        do {
            claims = try JWTValidator(keys: keys, allowedAlgorithms: [.rs256, .es256])
                .verify(idToken, now: Date(), leeway: .seconds(30))
        } catch {
            throw OpenIDSignInError(.invalidIDToken(error.reason))
        }
        guard claims.iss == origin else { throw OpenIDSignInError(.invalidIDToken("iss is another issuer")) }
        guard let appID, claims.aud.contains(appID) else {
            throw OpenIDSignInError(.invalidIDToken("aud is not this app"))
        }
        guard let presented = claims.nonce, ConstantTime.equals(Array(presented.utf8), Array(nonce.utf8)) else {
            throw OpenIDSignInError(.invalidIDToken("nonce is not this sign-in's"))
        }
        guard let subject = claims.sub else { throw OpenIDSignInError(.invalidIDToken("sub is missing")) }
        return OpenIDIdentity(
            subject: subject, methods: claims["amr"]?.arrayValue?.compactMap(\.stringValue) ?? [],
            sessionID: claims["sid"]?.stringValue, name: claims["name"]?.stringValue,
            email: claims["email"]?.stringValue
        )
    }

    private func requiredAppID(call: String) throws(VestibuleClientError) -> String {
        guard let appID, appKey != nil else {
            throw VestibuleClientError(.invalidRequest, call: "\(call): the client has no app id and key")
        }
        return appID
    }

    /// `client_secret_basic` (RFC 6749 2.3.1: both form-encoded before they are joined) and a form body.
    private func clientHeaders(_ clientID: String) -> HTTPHeaders {
        let credentials = Self.formComponent(clientID) + ":" + Self.formComponent(appKey ?? "")
        var headers = HTTPHeaders()
        headers.replace("Authorization", "Basic " + Data(credentials.utf8).base64EncodedString())
        headers.replace("Content-Type", "application/x-www-form-urlencoded")
        return headers
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func formComponent(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
