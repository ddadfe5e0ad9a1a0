/// The JWS signature algorithms this layer signs and verifies (RFC 7518, RFC 8037).
public enum JWSAlgorithm: String, Sendable, Codable, CaseIterable {
    /// ECDSA on P-256 with SHA-256; signatures are raw `R ‖ S`, 64 bytes.
    case es256 = "ES256"
    /// RSASSA-PKCS1-v1_5 with SHA-256; keys of at least 2048 bits.
    case rs256 = "RS256"
    /// EdDSA on Ed25519.
    case edDSA = "EdDSA"
}
