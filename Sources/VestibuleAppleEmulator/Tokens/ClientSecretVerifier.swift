import Foundation
import VestibuleCrypto

/// Checks a `client_secret` the way Apple does: an ES256 JWT signed with the team's key, header `kid` the
/// key's id, `iss` the Team ID, `sub` the `client_id` of the request, `aud` the issuer, `exp` at most
/// 15,777,000 s (six months) after `iat`, `iat` not in the future, and not expired.
///
/// Every failure is the same `invalid_client` to the caller, as with Apple; the reason goes to the log.
struct ClientSecretVerifier {
    /// Apple's limit on `exp - iat`.
    static let maximumLifetime: TimeInterval = 15_777_000
    /// Clock skew tolerated on `iat` and `exp`: Apple refuses an `iat` in the future (zitadel/zitadel#7843).
    static let leeway: Duration = .seconds(5)

    let issuer: String

    /// Verifies `secret` for `clientID` of `client`; returns nil when it is valid, else why not (for the log).
    func problem(with secret: String, clientID: String, client: AppleEmulator.RegisteredClient, now: Date) -> String? {
        let validator = JWTValidator(verifier: JWSVerifier(key: client.clientSecretPublicKey, allowedAlgorithms: [.es256]))
        let claims: JWTClaims
        do {
            claims = try validator.verify(secret, now: now, leeway: Self.leeway)
        } catch {
            return "the client secret does not verify: \(error.code)"
        }
        guard claims.header.kid == client.keyID else { return "the header kid is not the team's key id" }
        guard claims.iss == client.teamID else { return "iss is not the team id" }
        guard claims.sub == clientID else { return "sub is not the client_id" }
        guard claims.aud == [issuer] else { return "aud is not \(issuer)" }
        guard let iat = claims.iat else { return "iat is missing" }
        guard claims.exp.timeIntervalSince(iat) <= Self.maximumLifetime else {
            return "exp is more than 15,777,000 s after iat"
        }
        return nil
    }
}
