import Foundation
import VestibuleAppTesting
import VestibuleCore
import VestibuleCrypto
import VestibuleHTTP
import VestibuleJSON

/// An OpenID client driven in-process, as an app's server and its visitor's browser would: the authorization
/// request with state, nonce and PKCE, and the token endpoint's calls with HTTP Basic. Each step's raw response
/// stays with the test, which states what it expects.
struct OpenIDRelyingParty {
    static let redirectURI = "https://portal.example.com/callback"
    static let postLogoutURI = "https://portal.example.com/signed-out"
    static let key = "portal-key-0123456789-abcdefghijklmnopqrstuvwxyz"

    /// A third-party app (it gets the consent page), confidential, PKCE required, RS256 ID tokens.
    static func app(firstParty: Bool = false, algorithm: JWSAlgorithm = .rs256) -> RegisteredApp {
        RegisteredApp(
            id: "portal", name: "Example Portal", keyDigest: SHA2.sha256(key), returnURLs: [],
            openID: OpenIDClientSettings(
                redirectURIs: [redirectURI], postLogoutRedirectURIs: [postLogoutURI], isFirstParty: firstParty,
                idTokenAlgorithm: algorithm
            )
        )
    }

    let app: TestApplication
    let state = SecureRandom.token(byteCount: 12)
    let nonce = SecureRandom.token(byteCount: 12)
    let verifier = SecureRandom.token(byteCount: 32)

    var challenge: String { Base64URL.encode(SHA2.sha256(verifier)) }

    /// `/oidc/authorize?…` with `extra` parameters added or, with an empty value, removed.
    func authorizationPath(_ extra: [String: String] = [:]) -> String {
        var parameters = [
            "client_id": "portal", "redirect_uri": Self.redirectURI, "response_type": "code",
            "scope": "openid profile email", "state": state, "nonce": nonce, "code_challenge": challenge,
            "code_challenge_method": "S256",
        ]
        for (name, value) in extra { parameters[name] = value.isEmpty ? nil : value }
        return "/oidc/authorize?" + FormBody.encode(parameters)
    }

    /// The parameters the app's callback received; `nil` when `location` is not the callback.
    static func callbackParameters(_ location: String?) -> [String: String]? {
        guard let location, location.hasPrefix(redirectURI + "?"), let items = URLComponents(string: location)?.queryItems else {
            return nil
        }
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    func redeem(_ code: String, verifier: String? = nil, redirectURI: String = redirectURI) throws -> Response {
        try tokenRequest(["grant_type": "authorization_code", "code": code, "redirect_uri": redirectURI, "code_verifier": verifier ?? self.verifier])
    }

    func refresh(_ token: String) throws -> Response {
        try tokenRequest(["grant_type": "refresh_token", "refresh_token": token])
    }

    func tokenRequest(_ fields: [String: String], path: String = "/oidc/token", secret: String = key) throws -> Response {
        var headers = HTTPHeaders()
        headers.replace("Content-Type", "application/x-www-form-urlencoded")
        headers.replace("Authorization", "Basic " + Data("portal:\(secret)".utf8).base64EncodedString())
        return try app.respond(path, method: .post, headers: headers, body: FormBody.encode(fields))
    }

    func userInfo(_ accessToken: String) throws -> Response {
        var headers = HTTPHeaders()
        headers.replace("Authorization", "Bearer \(accessToken)")
        return try app.respond("/oidc/userinfo", headers: headers)
    }

    /// The claims of an ID token, its signature checked against the published JWKS.
    func verifiedClaims(_ idToken: String) throws -> JWTClaims {
        let jwks = try JSONDecoder().decode(JWKS.self, from: Data(try app.respond("/.well-known/jwks.json").body))
        return try JWTValidator(keys: KeyCache(jwks: jwks), allowedAlgorithms: [.rs256, .es256]).verify(idToken, now: Date())
    }
}

extension Response {
    var json: JSONValue { JSONValue(parsing: body) ?? .null }
}
