public import Foundation

/// Verifies a JWT's signature and its time claims against an injected clock.
///
/// Issuer, audience and nonce are left to the caller, which knows what to expect; this type makes
/// sure the token is authentic and current.
public struct JWTValidator: Sendable {
    /// The signature verifier.
    public let verifier: JWSVerifier

    public init(verifier: JWSVerifier) {
        self.verifier = verifier
    }

    /// A validator selecting keys by `kid` from `keys`.
    public init(keys: KeyCache, allowedAlgorithms: Set<JWSAlgorithm>) {
        self.init(verifier: JWSVerifier(keys: keys, allowedAlgorithms: allowedAlgorithms))
    }

    /// Verifies `token` and returns its claims.
    ///
    /// `exp` is required; the token is expired once `now` reaches `exp + leeway`. It is not yet
    /// valid while `now + leeway` is before `nbf` or before `iat` (a token issued in the future).
    /// - Parameters:
    ///   - now: the current time, from the caller's clock (never read here, so tests can fix it).
    ///   - leeway: tolerated clock skew between issuer and verifier.
    public func verify(_ token: String, now: Date, leeway: Duration = .seconds(60)) throws(JWSError) -> JWTClaims {
        let (header, payload) = try verifier.verify(token)
        let claims = try JWTClaims(header: header, payload: payload)
        let skew = Self.seconds(leeway)
        guard now.timeIntervalSince(claims.exp) < skew else { throw JWSError(.expired, "exp has passed") }
        if let nbf = claims.nbf, nbf.timeIntervalSince(now) > skew {
            throw JWSError(.notYetValid, "nbf is in the future")
        }
        if let iat = claims.iat, iat.timeIntervalSince(now) > skew {
            throw JWSError(.notYetValid, "iat is in the future")
        }
        return claims
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
