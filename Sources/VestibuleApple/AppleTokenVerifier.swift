public import Foundation
import Synchronization
public import VestibuleCrypto
internal import VestibuleJSON

/// Verifies what Apple signs: identity tokens and server-to-server notifications.
///
/// RS256 only (no `none`, no HMAC confusion), the key chosen by `kid` from a cached key set that is fetched
/// again, at most once a minute, when a token names a `kid` it does not hold (Apple rotates keys, and a
/// person's consecutive tokens may use different ones). Then `iss`, `aud` against the allow-list, `exp` and
/// `iat` with leeway, and for identity tokens the nonce and the `c_hash`/`at_hash` binding.
public final class AppleTokenVerifier: Sendable {
    public enum NonceCheck: Sendable {
        /// The web flow: Apple copies the nonce Vestibule sent, verbatim.
        case raw(String)
        /// Native apps send `hex(SHA-256(raw))` to Apple, keeping the raw value, which they give Vestibule.
        case hashed(raw: String)
        /// No nonce was involved (a token from a refresh).
        case none
    }

    private let issuer: String
    private let audiences: Set<String>
    private let keys: KeyCache
    private let fetchKeys: @Sendable () throws -> JWKS
    private let clock: @Sendable () -> Date
    private let leeway: Duration
    private let lastFetch = Mutex<Date?>(nil)

    /// - Parameter fetchKeys: downloads the current key set (`GET /auth/keys`).
    public init(
        issuer: String,
        audiences: Set<String>,
        keys: KeyCache = KeyCache(),
        fetchKeys: @escaping @Sendable () throws -> JWKS,
        leeway: Duration = .seconds(60),
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.issuer = issuer
        self.audiences = audiences
        self.keys = keys
        self.fetchKeys = fetchKeys
        self.leeway = leeway
        self.clock = clock
    }

    /// Verifies an identity token; `code` and `accessToken`, when given, must match its `c_hash`/`at_hash`.
    public func verifyIdentityToken(
        _ token: String, nonce: NonceCheck, code: String? = nil, accessToken: String? = nil
    ) throws(AppleError) -> AppleIdentityToken {
        let claims = try verifiedClaims(token)
        switch nonce {
        case .raw(let expected):
            try Self.requireNonce(claims.nonce, equals: expected)
        case .hashed(let raw):
            try Self.requireNonce(claims.nonce, equals: Hex.encode(SHA2.sha256(raw)))
        case .none:
            break
        }
        try Self.check(claims["c_hash"], bindsTo: code, name: "c_hash")
        try Self.check(claims["at_hash"], bindsTo: accessToken, name: "at_hash")
        guard let subject = claims.sub, !subject.isEmpty else { throw AppleError(.invalidToken, "the token has no sub") }
        let email = claims["email"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        return AppleIdentityToken(
            subject: subject,
            audience: claims.aud.first { audiences.contains($0) } ?? "",
            email: email,
            emailVerified: Self.flag(claims["email_verified"]),
            isPrivateEmail: Self.flag(claims["is_private_email"]),
            realUserStatus: claims["real_user_status"]?.intValue,
            transferSubject: claims["transfer_sub"]?.stringValue,
            expiresAt: claims.exp
        )
    }

    /// Verifies the `payload` JWS of a notification and decodes its `events`, which Apple sends as a JSON
    /// string inside the claims, not as an object.
    public func verifyNotification(_ payload: String) throws(AppleError) -> AppleNotification {
        let claims = try verifiedClaims(payload)
        guard let id = claims["jti"]?.stringValue, !id.isEmpty else {
            throw AppleError(.invalidToken, "the notification has no jti")
        }
        guard let eventsText = claims["events"]?.stringValue ?? claims["events"].map({ String(decoding: $0.serialized, as: UTF8.self) }),
              let events = JSONValue(parsing: Array(eventsText.utf8)),
              let kind = events["type"]?.stringValue.flatMap(AppleNotification.Kind.init(rawValue:)),
              let subject = events["sub"]?.stringValue
        else { throw AppleError(.invalidToken, "the notification's events are not a known event") }
        let milliseconds = events["event_time"]?.doubleValue ?? claims.iat.map { $0.timeIntervalSince1970 * 1000 } ?? 0
        return AppleNotification(
            id: id,
            kind: kind,
            subject: subject,
            audience: claims.aud.first { audiences.contains($0) } ?? "",
            eventTime: Date(timeIntervalSince1970: milliseconds / 1000),
            email: events["email"]?.stringValue
        )
    }

    // MARK: Checks shared by both

    private func verifiedClaims(_ token: String) throws(AppleError) -> JWTClaims {
        let validator = JWTValidator(keys: keys, allowedAlgorithms: [.rs256])
        let claims: JWTClaims
        do {
            claims = try validator.verify(token, now: clock(), leeway: leeway)
        } catch where error.code == .unknownKeyID {
            try refreshKeys()
            do {
                claims = try validator.verify(token, now: clock(), leeway: leeway)
            } catch {
                throw AppleError(.invalidToken, "\(error)")
            }
        } catch {
            throw AppleError(.invalidToken, "\(error)")
        }
        guard claims.iss == issuer else { throw AppleError(.invalidToken, "iss is not \(issuer)") }
        guard claims.aud.contains(where: audiences.contains) else {
            throw AppleError(.invalidToken, "aud \(claims.aud) is not one of this service's client IDs")
        }
        return claims
    }

    /// Fetches the key set again, unless that happened in the last minute: a stream of tokens with invented
    /// `kid`s must not turn into a stream of requests to Apple. The fetch holds the lock, so a token that arrives
    /// meanwhile waits for it and is then verified with its keys: after a restart the cache is empty and the first
    /// sign-ins come together, all naming the key that one fetch brings.
    private func refreshKeys() throws(AppleError) {
        try lastFetch.withLock { last throws(AppleError) in
            let now = clock()
            guard last.map({ now.timeIntervalSince($0) >= 60 }) ?? true else { return }
            last = now
            do {
                _ = keys.replace(with: try fetchKeys())
            } catch {
                throw AppleError(.unreachable, "Apple's keys could not be fetched: \(error)")
            }
        }
    }

    private static func requireNonce(_ claim: String?, equals expected: String) throws(AppleError) {
        guard let claim, ConstantTime.equals(Array(claim.utf8), Array(expected.utf8)) else {
            throw AppleError(.nonceMismatch, "the token's nonce is not this sign-in's")
        }
    }

    /// `c_hash`/`at_hash`: base64url of the first half of SHA-256 of the value (OpenID Connect Core §3.3.2.11).
    private static func check(_ claim: JSONValue?, bindsTo value: String?, name: String) throws(AppleError) {
        guard let value, let claim = claim?.stringValue else { return }
        let expected = Base64URL.encode(SHA2.sha256(value).prefix(16))
        guard ConstantTime.equals(Array(claim.utf8), Array(expected.utf8)) else {
            throw AppleError(.hashMismatch, "\(name) does not match")
        }
    }

    /// Apple sends these flags as JSON booleans now, and sent the strings "true"/"false" until 2022.
    private static func flag(_ value: JSONValue?) -> Bool {
        value?.boolValue ?? (value?.stringValue == "true")
    }
}
