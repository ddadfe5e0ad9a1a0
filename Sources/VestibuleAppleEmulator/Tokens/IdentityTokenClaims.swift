import Foundation

/// The claims of an identity token, the members Apple's tokens have (see the vectors in the Sign in with
/// Apple notes); absent members are left out, never `null`.
struct IdentityTokenClaims: Encodable {
    /// When the token is issued, which decides the members beyond the registered ones.
    enum Occasion {
        /// With a fresh code: the web authorize response (`code id_token`) or a native app's credential.
        case authorization(code: String, nonce: String?, authTime: Date, native: Bool)
        /// At `/auth/token` for a code.
        case codeExchange(accessToken: String, nonce: String?, authTime: Date, native: Bool)
        /// At `/auth/token` for a refresh token (vector V13: no `auth_time`, `nonce_supported` or `c_hash`).
        case refresh(accessToken: String)
    }

    let iss: String
    let aud: String
    let exp: Int
    let iat: Int
    let sub: String
    var nonce: String?
    var cHash: String?
    var atHash: String?
    var email: String?
    /// A JSON bool, as in every token since 2024 (strings `"true"` before).
    var emailVerified: Bool?
    /// Present only for a relay address.
    var isPrivateEmail: Bool?
    var authTime: Int?
    var nonceSupported: Bool?
    /// 2 (likely real) in native tokens only: web tokens carry none (vectors V22, V26).
    var realUserStatus: Int?

    enum CodingKeys: String, CodingKey {
        case iss, aud, exp, iat, sub, nonce
        case cHash = "c_hash"
        case atHash = "at_hash"
        case email
        case emailVerified = "email_verified"
        case isPrivateEmail = "is_private_email"
        case authTime = "auth_time"
        case nonceSupported = "nonce_supported"
        case realUserStatus = "real_user_status"
    }

    init(issuer: String, audience: String, authorization: Authorization, now: Date, lifetime: Duration,
         occasion: Occasion) {
        iss = issuer
        aud = audience
        iat = Int(now.timeIntervalSince1970)
        exp = iat + Int(lifetime.components.seconds)
        sub = authorization.subject
        if let address = authorization.email {
            email = address
            emailVerified = true
            isPrivateEmail = authorization.isPrivateEmail ? true : nil
        }
        switch occasion {
        case .authorization(let code, let nonce, let authTime, let native):
            cHash = OpaqueToken.halfHash(code)
            setSignIn(nonce: nonce, authTime: authTime, native: native)
        case .codeExchange(let accessToken, let nonce, let authTime, let native):
            atHash = OpaqueToken.halfHash(accessToken)
            setSignIn(nonce: nonce, authTime: authTime, native: native)
        case .refresh(let accessToken):
            atHash = OpaqueToken.halfHash(accessToken)
        }
    }

    /// The members that describe the sign-in itself.
    private mutating func setSignIn(nonce: String?, authTime: Date, native: Bool) {
        self.nonce = nonce
        self.authTime = Int(authTime.timeIntervalSince1970)
        nonceSupported = true
        realUserStatus = native ? 2 : nil
    }
}
