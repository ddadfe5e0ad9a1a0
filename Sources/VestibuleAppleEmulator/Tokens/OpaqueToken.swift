import VestibuleCrypto

/// Codes and tokens in the shape of Apple's (`c…`, `a…`, `r…`: a prefix, 32 hex digits, `.0.`, a short node
/// tag, and a random tail), opaque to the relying party and unguessable.
enum OpaqueToken {
    static func authorizationCode() -> String { make("c") }
    static func accessToken() -> String { make("a") }
    static func refreshToken() -> String { make("r") }

    private static func make(_ prefix: String) -> String {
        "\(prefix)\(Hex.lowercase(SecureRandom.bytes(16))).0.emuid.\(SecureRandom.token(byteCount: 16))"
    }

    /// `c_hash` and `at_hash`: base64url of the left half of SHA-256 of the value's ASCII bytes.
    static func halfHash(_ value: String) -> String {
        Base64URL.encode(SHA2.sha256(value).prefix(16))
    }
}
