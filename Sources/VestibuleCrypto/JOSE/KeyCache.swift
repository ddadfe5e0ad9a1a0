import Synchronization

/// Verification keys by `kid`, built once from a JWKS and shared across threads.
///
/// ``replace(with:)`` swaps the whole set atomically (for a JWKS refresh); keys whose JWK did not
/// change are reused rather than rebuilt, so a refresh costs nothing for unchanged keys.
public final class KeyCache: Sendable {
    private let keys: Mutex<[String: PublicKey]>

    /// An empty cache.
    public init() {
        keys = Mutex([:])
    }

    /// A cache holding the usable keys of `jwks`.
    public convenience init(jwks: JWKS) {
        self.init()
        replace(with: jwks)
    }

    /// Replaces the cached keys with the usable keys of `jwks`.
    ///
    /// A key without a `kid`, with a duplicate `kid`, or that ``PublicKey/init(jwk:)`` refuses is
    /// left out; the others still load, so one odd key in a provider's JWKS does not stop sign-ins.
    /// - Returns: why each left-out key was refused (empty when every key loaded).
    @discardableResult
    public func replace(with jwks: JWKS) -> [CryptoError] {
        let current = keys.withLock { $0 }
        var next: [String: PublicKey] = [:]
        var refused: [CryptoError] = []
        // Every kid seen, loaded or not: a later key must not take the kid of an earlier one OpenSSL refused.
        var kids: Set<String> = []
        for jwk in jwks.keys {
            guard let kid = jwk.kid else {
                refused.append(CryptoError(.invalidParameters, "JWK without kid"))
                continue
            }
            guard kids.insert(kid).inserted else {
                refused.append(CryptoError(.invalidParameters, "duplicate kid \(kid)"))
                continue
            }
            if let existing = current[kid], existing.jwk == jwk {
                next[kid] = existing
                continue
            }
            do {
                next[kid] = try PublicKey(jwk: jwk)
            } catch {
                let context = "kid \(kid): \(error.context)"
                refused.append(CryptoError(error.code, context, libraryErrors: error.libraryErrors))
            }
        }
        keys.withLock { $0 = next }
        return refused
    }

    /// The key with id `keyID`, if cached.
    public func key(for keyID: String) -> PublicKey? {
        keys.withLock { $0[keyID] }
    }

    /// The ids of the cached keys, sorted.
    public var keyIDs: [String] {
        keys.withLock { $0.keys.sorted() }
    }
}
