public import Foundation
public import VestibuleCrypto
public import VestibuleJSON

/// Signs what the OpenID provider hands out (ID tokens, access tokens, back-channel logout tokens) with the keys
/// of ``SigningKeys``, and verifies its own access tokens and ID-token hints.
public struct OpenIDTokens: Sendable {
    /// Access tokens live five minutes, as the API's do: apps refresh, and a revoked grant stops at userinfo and
    /// introspection at once anyway.
    public static let accessTokenLifetime: TimeInterval = AccessTokenIssuer.lifetime
    public static let idTokenLifetime: TimeInterval = 600
    static let logoutTokenLifetime: TimeInterval = 120
    /// OpenID Back-Channel Logout 1.0, 2.4: the event that makes a JWT a logout token.
    static let backchannelLogoutEvent = "http://schemas.openid.net/event/backchannel-logout"

    private let signer: TokenSigner
    private var issuer: String { signer.issuer }
    /// The published keys, parsed once and again only when a token names one they lack (a rotation): parsing
    /// the JWKS, with OpenSSL's check of the RSA key, for every verification cost 20 times the verification
    /// (`make bench`, profiled with perf).
    private let keys = KeyCache()

    public init(signer: TokenSigner) {
        self.signer = signer
    }

    /// The person's claims an ID token or userinfo carries beyond the protocol's, by the grant's scopes.
    public struct PersonClaims: Sendable, Equatable {
        public var name: String?
        public var email: String?
        public var emailVerified: Bool?

        public init(name: String? = nil, email: String? = nil, emailVerified: Bool? = nil) {
            self.name = name
            self.email = email
            self.emailVerified = emailVerified
        }
    }

    /// An ID token for `grant`, signed with `algorithm`'s key, for the app `clientID`.
    public func idToken(
        for grant: OpenIDGrant, clientID: String, nonce: String?, person: PersonClaims, algorithm: JWSAlgorithm
    ) throws(TokenSigner.Failure) -> String {
        let now = signer.now
        var claims: [String: JSONValue] = [
            "iss": .string(issuer), "sub": .string(grant.accountID.rawValue), "aud": .string(clientID),
            "azp": .string(clientID), "iat": .number(Double(now)), "exp": .number(Double(now + Int(Self.idTokenLifetime))),
            "auth_time": .number(Double(Int(grant.authTime.timeIntervalSince1970))),
            "amr": .array(grant.method.authenticationMethods.map(JSONValue.string)), "sid": .string(grant.sid),
        ]
        if let nonce { claims["nonce"] = .string(nonce) }
        claims.merge(person.members) { _, new in new }
        return try signer.sign(claims, algorithm: algorithm, type: "JWT")
    }

    /// An access token for `grant` (RFC 9068), ES256, naming the grant (`gid`) so that its revocation ends it.
    public func accessToken(for grant: OpenIDGrant, clientID: String) throws(TokenSigner.Failure) -> String {
        let now = signer.now
        let claims: [String: JSONValue] = [
            "iss": .string(issuer), "sub": .string(grant.accountID.rawValue), "aud": .string(clientID),
            "client_id": .string(clientID), "iat": .number(Double(now)),
            "exp": .number(Double(now + Int(Self.accessTokenLifetime))), "jti": .string(SecureRandom.token(byteCount: 16)),
            "scope": .string(OpenIDScope.parameter(grant.scopes)), "sid": .string(grant.sid), "gid": .string(grant.id),
            "auth_time": .number(Double(Int(grant.authTime.timeIntervalSince1970))),
        ]
        return try signer.sign(claims, type: "at+jwt")
    }

    /// A logout token (OpenID Back-Channel Logout 1.0, 2.4) for `logout`'s app, signed as its ID tokens are.
    public func logoutToken(for logout: BackchannelLogout, algorithm: JWSAlgorithm) throws(TokenSigner.Failure) -> String {
        let now = signer.now
        let claims: [String: JSONValue] = [
            "iss": .string(issuer), "sub": .string(logout.subject), "aud": .string(logout.appID),
            "iat": .number(Double(now)), "exp": .number(Double(now + Int(Self.logoutTokenLifetime))),
            "jti": .string(SecureRandom.token(byteCount: 16)), "sid": .string(logout.sid),
            "events": .object([Self.backchannelLogoutEvent: .object([:])]),
        ]
        return try signer.sign(claims, algorithm: algorithm, type: "logout+jwt")
    }

    /// The claims of an access token this provider issued and that has not expired; `nil` for anything else.
    public func verifiedAccessToken(_ token: String) -> JWTClaims? {
        let now = signer.clock()
        guard let claims = try? verified({ (validator) throws(JWSError) in try validator.verify(token, now: now, leeway: .zero) }),
              claims.header.typ == "at+jwt", claims.iss == issuer
        else { return nil }
        return claims
    }

    /// The subject and audience of an ID token this provider signed, expired or not (an `id_token_hint` is
    /// usually an old ID token); `nil` when the signature or issuer is not this provider's.
    public func hintedSubject(_ idToken: String) -> (subject: String, audience: [String])? {
        let verification = try? verified { (validator) throws(JWSError) in try validator.verifier.verify(idToken) }
        guard let (header, payload) = verification, header.typ != "at+jwt",
              let object = JSONValue(parsing: payload)?.objectValue, object["iss"]?.stringValue == issuer,
              let subject = object["sub"]?.stringValue
        else { return nil }
        let audience = object["aud"]?.stringValue.map { [$0] } ?? object["aud"]?.arrayValue?.compactMap(\.stringValue) ?? []
        return (subject, audience)
    }

    /// `verify` with the cached keys; when the token names a key they lack, once more with the keys reread.
    private func verified<Result>(_ verify: (JWTValidator) throws(JWSError) -> Result) throws -> Result {
        let validator = JWTValidator(keys: keys, allowedAlgorithms: Set(SigningKeys.algorithms))
        do {
            return try verify(validator)
        } catch where error.code == .unknownKeyID {
            _ = keys.replace(with: try signer.signingKeys.jwks())
            return try verify(validator)
        }
    }
}

extension OpenIDTokens.PersonClaims {
    /// The claims as JSON members, without those that are unknown.
    public var members: [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        if let name { members["name"] = .string(name) }
        if let email { members["email"] = .string(email) }
        if let emailVerified { members["email_verified"] = .bool(emailVerified) }
        return members
    }
}
