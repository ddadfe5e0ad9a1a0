public import Foundation
import VestibuleCrypto

/// Issues the short-lived access tokens apps and APIs accept instead of the session itself: ES256 JWTs
/// signed with the current key of ``SigningKeys``, verifiable by anyone with the published JWKS.
///
/// A token outlives nothing: five minutes, so a sign-out or a revoked session stops being honoured soon
/// without any revocation list. It names the session only by a hash of its id, never by its token.
public struct AccessTokenIssuer: Sendable {
    /// How long a token is valid; also well inside ``SigningKeys/retiredKeyPublication``, so a token
    /// signed just before a rotation verifies until it expires.
    public static let lifetime: TimeInterval = 300

    private let signingKeys: SigningKeys
    /// `iss`: this site's origin, which is also the default audience.
    private let issuer: String
    private let clock: @Sendable () -> Date

    public init(signingKeys: SigningKeys, issuer: String, clock: @escaping @Sendable () -> Date) {
        self.signingKeys = signingKeys
        self.issuer = issuer
        self.clock = clock
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A signed token for the session's account, for `audience` (this origin when nil).
    public func issue(for session: Session, audience: String?) throws(Failure) -> String {
        let issuedAt = clock()
        let claims = AccessTokenClaims(
            iss: issuer,
            sub: session.accountID.rawValue,
            aud: audience ?? issuer,
            iat: Int(issuedAt.timeIntervalSince1970),
            exp: Int(issuedAt.timeIntervalSince1970 + Self.lifetime),
            jti: SecureRandom.token(byteCount: 16),
            amr: [session.method.rawValue],
            // A relying party can tell tokens of one session apart from another's without learning an id
            // that the device list and revoke links use.
            sid: Hex.encode(SHA2.sha256(session.id.rawValue))
        )
        do {
            let (keyID, key) = try signingKeys.signingKey()
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return try JWS.sign(payload: Array(try encoder.encode(claims)), key: key, keyID: keyID, type: "at+jwt")
        } catch {
            throw Failure(description: "Could not sign an access token: \(error)")
        }
    }
}

/// The payload of an access token (RFC 9068's claims, with `amr` from RFC 8176 and `sid` from OpenID).
private struct AccessTokenClaims: Encodable {
    let iss: String
    let sub: String
    let aud: String
    let iat: Int
    let exp: Int
    let jti: String
    let amr: [String]
    let sid: String
}
