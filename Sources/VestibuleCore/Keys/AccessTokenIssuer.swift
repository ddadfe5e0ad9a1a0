public import Foundation
import VestibuleCrypto
import VestibuleJSON

/// Issues the short-lived access tokens apps and APIs accept instead of the session itself: ES256 JWTs
/// signed with the current key of ``SigningKeys``, verifiable by anyone with the published JWKS.
///
/// A token outlives nothing: five minutes, so a sign-out or a revoked session stops being honoured soon
/// without any revocation list. It names the session only by a hash of its id, never by its token.
public struct AccessTokenIssuer: Sendable {
    /// How long a token is valid; also well inside ``SigningKeys/retiredKeyPublication``, so a token
    /// signed just before a rotation verifies until it expires.
    public static let lifetime: TimeInterval = 300

    private let signer: TokenSigner

    public init(signer: TokenSigner) {
        self.signer = signer
    }

    /// A signed token for the session's account, for `audience` (this origin when nil).
    public func issue(for session: Session, audience: String?) throws(TokenSigner.Failure) -> String {
        let now = signer.now
        return try signer.sign(
            [
                "iss": .string(signer.issuer), "sub": .string(session.accountID.rawValue),
                "aud": .string(audience ?? signer.issuer), "iat": .number(Double(now)),
                "exp": .number(Double(now + Int(Self.lifetime))), "jti": .string(SecureRandom.token(byteCount: 16)),
                "amr": .array([.string(session.method.rawValue)]),
                // A relying party can tell tokens of one session apart from another's without learning an id
                // that the device list and revoke links use.
                "sid": .string(Hex.encode(SHA2.sha256(session.id.rawValue))),
            ],
            type: "at+jwt"
        )
    }
}
