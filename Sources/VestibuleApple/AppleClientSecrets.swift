public import Foundation
import Synchronization
internal import VestibuleJSON
internal import VestibuleCrypto

/// Client secrets for Apple's token and revocation endpoints: ES256 JWTs Vestibule mints itself.
///
/// A secret is minted on demand and reused until it is close to expiry, so Apple never sees an expired one
/// (the classic `invalid_client` of static secrets) and the key signs a few times a day, not per request.
public final class AppleClientSecrets: Sendable {
    /// Apple refuses `exp` more than 15,777,000 s (six months) after `iat`.
    public static let maximumLifetime: TimeInterval = 15_777_000

    private let credentials: AppleCredentials
    private let audience: String
    private let lifetime: TimeInterval
    private let clock: @Sendable () -> Date
    private let cache = Mutex<[String: (secret: String, expires: Date)]>([:])

    /// - Parameters:
    ///   - audience: the `aud` Apple expects, its issuer (`https://appleid.apple.com`).
    ///   - lifetime: how long each secret is valid; at most ``maximumLifetime``.
    public init(
        credentials: AppleCredentials, audience: String, lifetime: TimeInterval = 86_400,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        precondition(lifetime > 600 && lifetime <= Self.maximumLifetime, "client secret lifetime out of range")
        self.credentials = credentials
        self.audience = audience
        self.lifetime = lifetime
        self.clock = clock
    }

    /// The secret for `clientID` (the Services ID, or a bundle ID for a native app's code): cached while
    /// more than a tenth of its lifetime remains.
    public func secret(for clientID: String) throws(AppleError) -> String {
        let now = clock()
        if let cached = cache.withLock({ $0[clientID] }), cached.expires.timeIntervalSince(now) > lifetime / 10 {
            return cached.secret
        }
        let secret = try mint(for: clientID, now: now)
        cache.withLock { $0[clientID] = (secret, now.addingTimeInterval(lifetime)) }
        return secret
    }

    /// A new secret: `iat` a few seconds in the past, because Apple refuses one issued "in the future" by
    /// a clock slightly ahead of its own.
    public func mint(for clientID: String, now: Date) throws(AppleError) -> String {
        let issuedAt = Int(now.timeIntervalSince1970) - 5
        let claims: [String: JSONValue] = [
            "iss": .string(credentials.teamID),
            "iat": .number(Double(issuedAt)),
            "exp": .number(Double(issuedAt + Int(lifetime))),
            "aud": .string(audience),
            "sub": .string(clientID),
        ]
        do {
            return try JWS.sign(
                payload: JSONValue.object(claims).serialized, key: credentials.privateKey, keyID: credentials.keyID,
                type: nil
            )
        } catch {
            throw AppleError(.misconfigured, "the client secret could not be signed: \(error)")
        }
    }
}
