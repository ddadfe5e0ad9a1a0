import Foundation
public import VestibuleAPI
public import VestibuleCrypto

/// Access tokens (`docs/api.md`, `POST /api/v1/token`) and the keys that verify them.
extension VestibuleClient {
    /// A short-lived access token (five minutes) for the session's account, for the API named `audience`
    /// (Vestibule's origin when `nil`). The API checks it offline with ``AccessTokenVerifier``.
    ///
    /// - Throws: ``VestibuleClientError/Code/refused`` (`audienceNotAllowed`) for an audience no app registered.
    public func accessToken(
        sessionToken: String, audience: String? = nil
    ) throws(VestibuleClientError) -> AccessTokenReply {
        try exchange(
            .post, APIPath.token, AccessTokenRequest(audience: audience), bearer: sessionToken,
            as: AccessTokenReply.self
        )
    }

    /// Vestibule's published signing keys (`/.well-known/jwks.json`), and for how long they may be cached
    /// (its `Cache-Control: max-age`, when it sends one).
    public func signingKeys() throws(VestibuleClientError) -> (keys: JWKS, maxAge: Duration?) {
        let response = try send(.get, APIPath.jwks)
        let keys = try decode(JWKS.self, from: response, call: "GET \(APIPath.jwks)")
        return (keys, response.headers["Cache-Control"].flatMap(Self.maxAge))
    }

    /// `max-age=N` of a `Cache-Control` value.
    static func maxAge(_ cacheControl: String) -> Duration? {
        for directive in cacheControl.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0].lowercased() == "max-age", let seconds = Int(parts[1]), seconds >= 0 {
                return .seconds(seconds)
            }
        }
        return nil
    }
}
