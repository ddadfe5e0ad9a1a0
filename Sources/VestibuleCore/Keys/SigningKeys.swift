public import Foundation
import Synchronization
public import VestibuleCrypto

/// The keys Vestibule signs its own tokens with, and the JWKS that publishes them.
///
/// Private keys are stored sealed with the at-rest ``SecretBox``. One key per algorithm signs at a time (ES256
/// for access tokens, RS256 for the ID tokens most OpenID Connect apps can verify); a rotation creates a new
/// signing key and retires the previous one, which stays published for ``SigningKeys/retiredKeyPublication`` so
/// relying parties can still verify what it signed.
public struct SigningKeys: Sendable {
    /// How long a retired key stays in the JWKS: longer than any token Vestibule signs lives, plus the
    /// time relying parties typically cache a JWKS.
    public static let retiredKeyPublication: TimeInterval = 2 * 24 * 3600

    private let store: any SigningKeyStore
    private let secretBox: SecretBox
    private let clock: @Sendable () -> Date
    /// Keys unsealed and parsed once, by key id: unsealing and parsing PKCS #8 for every token cost more than the
    /// RSA signature itself (`make bench`, profiled with perf). Which key signs is still read from the store each
    /// time, so a rotation by another process or instance takes effect at once.
    private let unsealed = UnsealedKeys()

    public init(store: any SigningKeyStore, secretBox: SecretBox, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.secretBox = secretBox
        self.clock = clock
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The algorithms Vestibule signs with, each with its own key: ES256 for access tokens and as an ID-token
    /// choice, RS256 for ID tokens by default (OpenID's Config OP profile requires it; many apps accept nothing else).
    public static let algorithms: [JWSAlgorithm] = [.es256, .rs256]

    /// Creates the first signing key of each of ``algorithms`` that has none (first start, or the first start
    /// of a version that signs with one more algorithm).
    public func ensureSigningKeys() throws(Failure) {
        for algorithm in Self.algorithms { try ensureSigningKey(algorithm) }
    }

    /// Creates the first signing key for `algorithm` when there is none. Returns the signing key's id.
    @discardableResult
    public func ensureSigningKey(_ algorithm: JWSAlgorithm = .es256) throws(Failure) -> String {
        if let active = try activeKeys(algorithm).first { return active.keyID }
        return try addKey(algorithm)
    }

    /// Starts signing `algorithm`'s tokens with a new key and retires the current one. Both are published until
    /// the old one's publication window ends. Returns the new key's id.
    @discardableResult
    public func rotate(_ algorithm: JWSAlgorithm = .es256) throws(Failure) -> String {
        let now = clock()
        let active = try activeKeys(algorithm)
        let newKeyID = try addKey(algorithm)
        for key in active {
            do { try store.retireSigningKey(keyID: key.keyID, at: now) } catch {
                throw Failure(description: "Could not retire signing key \(key.keyID): \(error)")
            }
        }
        return newKeyID
    }

    /// The published key set: the signing key and every key retired within the publication window.
    public func jwks() throws(Failure) -> JWKS {
        let now = clock()
        let published = try storedKeys().filter { key in
            guard let retiredAt = key.retiredAt else { return true }
            return now.timeIntervalSince(retiredAt) < Self.retiredKeyPublication
        }
        var keys: [JWK] = []
        for key in published {
            do {
                keys.append(try JSONDecoder().decode(JWK.self, from: Data(key.publicJWK.utf8)))
            } catch {
                throw Failure(description: "The stored public key \(key.keyID) is not a valid JWK: \(error)")
            }
        }
        return JWKS(keys: keys)
    }

    /// The key that signs `algorithm`'s tokens now, unsealed.
    public func signingKey(_ algorithm: JWSAlgorithm = .es256) throws(Failure) -> (keyID: String, key: SigningKey) {
        guard let active = try activeKeys(algorithm).first else {
            throw Failure(description: "There is no active signing key; start Vestibule once to create one.")
        }
        if let key = unsealed.keys.withLock({ $0[active.keyID] }) { return (active.keyID, key) }
        do {
            let der = try secretBox.open(active.sealedPrivateKey, associatedData: Array(active.keyID.utf8))
            let key = try SigningKey(pkcs8DER: der)
            unsealed.keys.withLock { $0[active.keyID] = key }
            return (active.keyID, key)
        } catch {
            throw Failure(
                description: "Signing key \(active.keyID) cannot be unsealed: is the secret key that sealed it "
                    + "still in VESTIBULE_SECRET_KEYS or the data folder's secret-keys file? (\(error))"
            )
        }
    }

    private func addKey(_ algorithm: JWSAlgorithm) throws(Failure) -> String {
        let keyID = SecureRandom.token(byteCount: 12)
        do {
            let key = try SigningKey.generate(algorithm)
            let jwk = try JSONEncoder().encode(key.publicJWK(keyID: keyID))
            try store.insertSigningKey(
                StoredSigningKey(
                    keyID: keyID,
                    algorithm: key.algorithm.rawValue,
                    // The key id is bound as associated data, so a sealed key cannot be swapped under another id.
                    sealedPrivateKey: secretBox.seal(try key.pkcs8DER(), associatedData: Array(keyID.utf8)),
                    publicJWK: String(decoding: jwk, as: UTF8.self),
                    createdAt: clock()
                )
            )
        } catch {
            throw Failure(description: "Could not create a signing key: \(error)")
        }
        return keyID
    }

    private func activeKeys(_ algorithm: JWSAlgorithm) throws(Failure) -> [StoredSigningKey] {
        try storedKeys().filter { $0.retiredAt == nil && $0.algorithm == algorithm.rawValue }
    }

    private func storedKeys() throws(Failure) -> [StoredSigningKey] {
        do { return try store.signingKeys() } catch {
            throw Failure(description: "Could not read the signing keys: \(error)")
        }
    }
}

/// The keys a ``SigningKeys`` has unsealed, shared by its copies.
private final class UnsealedKeys: Sendable {
    let keys = Mutex<[String: SigningKey]>([:])
}
