public import Foundation
import Synchronization
import VestibuleAPI
import VestibuleCrypto

/// Checks Vestibule's access tokens offline, against its published keys (`/.well-known/jwks.json`): for an API
/// that is handed a token (`Authorization: Bearer eyJ…`) and must know whose it is without asking Vestibule.
///
/// The keys are fetched on first use and kept for the JWKS's `max-age`. A token signed with a key not among them
/// (Vestibule rotated its key) fetches them again, at most once per ``refetchInterval``, so a stream of tokens
/// with made-up `kid`s cannot turn every request into a call to Vestibule. A retired key stays published for two
/// days, so tokens signed before a rotation verify until they expire.
///
/// Checked, in order: the algorithm (ES256, Vestibule's only one) before any key is looked up, the signature,
/// `typ` (`at+jwt`, so an ID token or another JWT signed with the same key is no access token), `iss`, `aud`,
/// and `exp`/`nbf`/`iat` against the injected clock with ``leeway``.
///
/// Safe to share between threads. ``verify(_:)`` may block on a key fetch (libcurl): call it where blocking is
/// allowed.
public final class AccessTokenVerifier: Sendable {
    /// The audience tokens must name: the API's own identifier, or Vestibule's origin for tokens meant for it.
    public let audience: String
    /// Tolerated clock difference between Vestibule and this process.
    public let leeway: Duration
    /// The shortest time between two fetches of the keys for an unknown `kid`.
    public let refetchInterval: Duration

    private let client: VestibuleClient
    private let clock: @Sendable () -> Date
    private let keys = KeyCache()
    private let fetches = Mutex(Fetches())

    /// When the keys were last fetched (or tried), and until when they are fresh.
    private struct Fetches {
        var lastAttempt: Date?
        var freshUntil: Date?
    }

    /// Keys are kept this long when the JWKS says no `max-age`.
    static let defaultKeyLifetime: Duration = .seconds(300)

    /// - Parameters:
    ///   - client: the Vestibule whose tokens these are: its origin is the expected `iss`, its JWKS the keys.
    ///   - audience: the `aud` to accept; Vestibule's origin when `nil` (a token asked for with no audience).
    ///   - leeway: clock skew tolerated on `exp`, `nbf` and `iat`.
    ///   - refetchInterval: at most one key fetch per interval for tokens with an unknown `kid`.
    ///   - clock: the current time; tests fix it.
    public init(
        client: VestibuleClient,
        audience: String? = nil,
        leeway: Duration = .seconds(30),
        refetchInterval: Duration = .seconds(30),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.audience = audience ?? client.origin
        self.leeway = leeway
        self.refetchInterval = refetchInterval
        self.clock = clock
    }

    /// The token's account and claims, when every check passes.
    ///
    /// - Throws: ``AccessTokenError`` naming the first check that failed.
    public func verify(_ token: String) throws(AccessTokenError) -> VerifiedAccessToken {
        if keys.keyIDs.isEmpty {
            guard mayRefetch() else { throw AccessTokenError(.keysUnavailable, "the last fetch of the keys failed") }
            try refresh(required: true)
        } else if isStale() {
            try refresh(required: false)
        }
        let validator = JWTValidator(keys: keys, allowedAlgorithms: [.es256])
        let claims: JWTClaims
        do {
            claims = try validator.verify(token, now: clock(), leeway: leeway)
        } catch where error.code == .unknownKeyID {
            // A key published since the last fetch (a rotation), unless the keys were fetched moments ago.
            guard mayRefetch() else { throw AccessTokenError(.unknownKey, error.reason) }
            try refresh(required: true)
            do {
                claims = try validator.verify(token, now: clock(), leeway: leeway)
            } catch {
                throw Self.refusal(error)
            }
        } catch {
            throw Self.refusal(error)
        }
        return try check(claims)
    }

    /// `typ`, `iss` and `aud` of a token whose signature and times verified.
    private func check(_ claims: JWTClaims) throws(AccessTokenError) -> VerifiedAccessToken {
        // RFC 9068 §4: `at+jwt`, or its media type in full.
        guard let type = claims.header.typ?.lowercased(), type == "at+jwt" || type == "application/at+jwt" else {
            throw AccessTokenError(.malformed, "typ is not at+jwt")
        }
        let decoded: AccessTokenClaims
        do {
            decoded = try claims.decode(AccessTokenClaims.self)
        } catch {
            throw AccessTokenError(.malformed, "the claims are not an access token's")
        }
        guard decoded.iss == client.origin else { throw AccessTokenError(.wrongIssuer, "iss is another issuer") }
        guard decoded.aud == audience else { throw AccessTokenError(.wrongAudience, "aud is another audience") }
        return VerifiedAccessToken(claims: decoded)
    }

    private func isStale() -> Bool {
        let now = clock()
        return fetches.withLock { $0.freshUntil.map { now >= $0 } ?? true }
    }

    /// Whether a fetch for an unknown `kid` may go out now; if so, it counts as made.
    private func mayRefetch() -> Bool {
        let now = clock()
        return fetches.withLock { fetches in
            if let last = fetches.lastAttempt, now.timeIntervalSince(last) < Self.seconds(refetchInterval) {
                return false
            }
            fetches.lastAttempt = now
            return true
        }
    }

    /// Fetches the keys. A failed fetch keeps the cached keys (Vestibule down for a moment should not stop an API
    /// from accepting tokens it can still check) and fails only when `required`.
    private func refresh(required: Bool) throws(AccessTokenError) {
        let now = clock()
        fetches.withLock { $0.lastAttempt = now }
        do {
            let (jwks, maxAge) = try client.signingKeys()
            keys.replace(with: jwks)
            let lifetime = Self.seconds(maxAge ?? Self.defaultKeyLifetime)
            fetches.withLock { $0.freshUntil = now.addingTimeInterval(lifetime) }
        } catch {
            // Tried again after the refetch interval, not on every token while Vestibule is unreachable.
            fetches.withLock { $0.freshUntil = now.addingTimeInterval(Self.seconds(refetchInterval)) }
            guard required else { return }
            throw AccessTokenError(.keysUnavailable, "the signing keys could not be fetched: \(error.code)")
        }
    }

    private static func refusal(_ error: JWSError) -> AccessTokenError {
        let code: AccessTokenError.Code =
            switch error.code {
            case .expired: .expired
            case .notYetValid: .notYetValid
            case .unknownKeyID: .unknownKey
            case .badSignature, .algorithmNone, .algorithmNotAllowed, .algorithmKeyMismatch: .badSignature
            default: .malformed
            }
        return AccessTokenError(code, error.reason)
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
