/// A public key that verifies JWS signatures for exactly one ``JWSAlgorithm``.
///
/// Build it once from a ``JWK`` and reuse it: building costs far more than a verification.
public final class PublicKey: Sendable {
    /// The only algorithm this key verifies (RS256 for RSA, ES256 for P-256, EdDSA for Ed25519).
    public let algorithm: JWSAlgorithm
    /// The JWK this key was built from.
    public let jwk: JWK
    let key: EVPKey

    /// Builds a key from a JWK.
    ///
    /// - Throws: ``CryptoError`` with `.invalidKey` for malformed members or a point off the curve,
    ///   `.weakKey` for RSA under 2048 bits, `.unsupportedKey` for other types and curves, a `use`
    ///   other than `sig`, or an `alg` that does not match the key type.
    public init(jwk: JWK) throws(CryptoError) {
        if let use = jwk.use, use != "sig" { throw CryptoError(.unsupportedKey, "JWK use is \(use), not sig") }
        let key = try EVPKey.publicKey(from: jwk)
        let algorithm = try key.jwsAlgorithm()
        if let declared = jwk.alg, declared != algorithm.rawValue {
            throw CryptoError(.unsupportedKey, "JWK alg \(declared) does not match its \(jwk.kty) key")
        }
        try key.checkPublicKey()
        self.key = key
        self.algorithm = algorithm
        self.jwk = jwk
    }

    /// Whether `signature` (JWS encoding: raw `R ‖ S` for ES256) is valid over `message`.
    public func isValidSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        guard let converted = algorithm.openSSLSignature(fromJWS: signature) else { return false }
        return key.verify(converted, message: message, digest: algorithm.digest)
    }
}
