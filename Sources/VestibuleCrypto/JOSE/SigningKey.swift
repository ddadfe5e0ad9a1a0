/// A private key that signs JWS for one ``JWSAlgorithm``.
///
/// Its description and reflection show only the algorithm; export the key with ``pkcs8DER()``
/// and store that as a secret.
public final class SigningKey: Sendable {
    /// The algorithm this key signs with.
    public let algorithm: JWSAlgorithm
    private let key: EVPKey
    private let publicMembers: JWK

    private init(key: EVPKey) throws(CryptoError) {
        let algorithm = try key.jwsAlgorithm()
        self.algorithm = algorithm
        self.publicMembers = try key.publicJWK(for: algorithm)
        self.key = key
    }

    /// Generates a new key: RSA 2048 for RS256, P-256 for ES256, Ed25519 for EdDSA.
    public static func generate(_ algorithm: JWSAlgorithm) throws(CryptoError) -> SigningKey {
        try SigningKey(key: EVPKey.generate(for: algorithm))
    }

    /// Loads a DER-encoded PKCS #8 private key (RSA ≥ 2048 bits, EC P-256 or Ed25519).
    public convenience init(pkcs8DER der: [UInt8]) throws(CryptoError) {
        try self.init(key: EVPKey.privateKey(pkcs8DER: der))
    }

    /// The key as DER-encoded PKCS #8. The result is secret: store it encrypted (see ``SecretBox``).
    public func pkcs8DER() throws(CryptoError) -> [UInt8] {
        try key.pkcs8DER()
    }

    /// The public half as a JWK with `kid`, `use: sig` and `alg`, ready to publish in a JWKS.
    public func publicJWK(keyID: String) -> JWK {
        var jwk = publicMembers
        jwk.kid = keyID
        jwk.use = "sig"
        jwk.alg = algorithm.rawValue
        return jwk
    }

    /// Signs `message`, returning the JWS signature (raw `R ‖ S` for ES256).
    public func sign(_ message: [UInt8]) throws(CryptoError) -> [UInt8] {
        try algorithm.jwsSignature(fromOpenSSL: key.sign(message, digest: algorithm.digest))
    }
}
