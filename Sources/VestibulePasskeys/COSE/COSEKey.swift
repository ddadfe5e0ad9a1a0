public import VestibuleCrypto

/// A credential public key in COSE_Key form (RFC 9052 §7, RFC 9053), decoded into a verifying key.
///
/// Supports EC2 P-256 with ES256, RSA with RS256 (at least 2048 bits) and OKP Ed25519 with EdDSA.
public struct COSEKey: Sendable {
    /// The algorithm the key declares; the only one it verifies.
    public let algorithm: COSEAlgorithm
    /// The key, ready to verify signatures.
    public let publicKey: PublicKey
    /// The COSE_Key CBOR bytes exactly as the authenticator sent them; store these.
    public let bytes: [UInt8]

    /// Decodes and checks a COSE_Key from its CBOR bytes; trailing bytes are rejected.
    public init(bytes: [UInt8]) throws(PasskeyError) {
        try self.init(value: CBORDecoder().decode(bytes), bytes: bytes)
    }

    init(value: CBORValue, bytes: [UInt8]) throws(PasskeyError) {
        guard case .map = value else { throw PasskeyError(.malformed, "COSE key is not a map") }
        guard let kty = value[int: 1]?.intValue, let alg = value[int: 3]?.intValue else {
            throw PasskeyError(.malformed, "COSE key lacks kty or alg")
        }
        let algorithm = COSEAlgorithm(rawValue: alg)
        let jwk: JWK
        switch (kty, algorithm) {
        case (2, .es256):
            guard value[int: -1]?.intValue == 1 else {
                throw PasskeyError(.unsupportedAlgorithm, "ES256 key is not on P-256")
            }
            let x = try Self.coordinate(value, -2, "x")
            let y = try Self.coordinate(value, -3, "y")
            guard x.count == 32, y.count == 32 else { throw PasskeyError(.malformed, "P-256 coordinates must be 32 bytes") }
            jwk = JWK(kty: "EC", crv: "P-256", x: Base64URL.encode(x), y: Base64URL.encode(y))
        case (3, .rs256):
            let n = try Self.coordinate(value, -1, "n")
            let e = try Self.coordinate(value, -2, "e")
            jwk = JWK(kty: "RSA", n: Base64URL.encode(n), e: Base64URL.encode(e))
        case (1, .edDSA):
            guard value[int: -1]?.intValue == 6 else {
                throw PasskeyError(.unsupportedAlgorithm, "EdDSA key is not Ed25519")
            }
            let x = try Self.coordinate(value, -2, "x")
            guard x.count == 32 else { throw PasskeyError(.malformed, "Ed25519 key must be 32 bytes") }
            jwk = JWK(kty: "OKP", crv: "Ed25519", x: Base64URL.encode(x))
        default:
            throw PasskeyError(.unsupportedAlgorithm, "COSE key type \(kty) with \(algorithm) is not supported")
        }
        do {
            publicKey = try PublicKey(jwk: jwk)
        } catch {
            let code: PasskeyError.Code = error.code == .invalidKey ? .malformed : .unsupportedAlgorithm
            throw PasskeyError(code, "COSE key rejected: \(error.context)")
        }
        self.algorithm = algorithm
        self.bytes = bytes
    }

    private static func coordinate(_ key: CBORValue, _ label: Int, _ name: String) throws(PasskeyError) -> [UInt8] {
        guard let bytes = key[int: label]?.bytesValue, !bytes.isEmpty else {
            throw PasskeyError(.malformed, "COSE key lacks \(name)")
        }
        return bytes
    }

    /// Whether `signature` in WebAuthn encoding (DER for ES256, PKCS #1 v1.5 for RS256, raw for EdDSA)
    /// is valid over `message`.
    public func isValidSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        switch algorithm {
        case .es256:
            guard let raw = DERSignature.raw(fromDER: signature, coordinateSize: 32) else { return false }
            return publicKey.isValidSignature(raw, for: message)
        default:
            return publicKey.isValidSignature(signature, for: message)
        }
    }
}
