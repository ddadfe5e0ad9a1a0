internal import COpenSSL

/// Owns one OpenSSL `EVP_PKEY` (public or private) and frees it in `deinit`.
///
/// `@unchecked Sendable` because the handle is set once and never mutated from Swift; OpenSSL 3
/// documents `EVP_PKEY` as safe for concurrent read-only use (each sign or verify builds its own
/// `EVP_MD_CTX`, and the key's internal caches are lock-protected).
final class EVPKey: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Takes ownership of `pointer`.
    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        EVP_PKEY_free(pointer)
    }

    /// Size of the key in bits (modulus bits for RSA).
    var bits: Int { Int(EVP_PKEY_get_bits(pointer)) }

    func isA(_ name: StaticString) -> Bool {
        name.withUTF8Buffer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { EVP_PKEY_is_a(pointer, $0.baseAddress) == 1 }
        }
    }

    /// The JWS algorithm this key serves, after checking it is a supported and strong enough key.
    ///
    /// Each supported key type serves exactly one algorithm here: RSA (≥ 2048 bits) → RS256,
    /// EC P-256 → ES256, Ed25519 → EdDSA.
    func jwsAlgorithm() throws(CryptoError) -> JWSAlgorithm {
        if isA("RSA") {
            guard bits >= 2048 else { throw CryptoError(.weakKey, "RSA key has \(bits) bits, under 2048") }
            return .rs256
        }
        if isA("EC") {
            guard groupName == "prime256v1" else { throw CryptoError(.unsupportedKey, "EC key is not on P-256") }
            return .es256
        }
        if isA("ED25519") { return .edDSA }
        throw CryptoError(.unsupportedKey, "key type is not RSA, EC P-256 or Ed25519")
    }

    private var groupName: String? {
        var buffer = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_utf8_string_param(pointer, OSSL_PKEY_PARAM_GROUP_NAME, &buffer, buffer.count, &length) == 1
        else {
            _ = OpenSSLErrors.drain()
            return nil
        }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Runs OpenSSL's public-key validation: for EC, that the point is on the curve.
    ///
    /// Not for RSA: OpenSSL checks an RSA modulus with a randomised primality test, so one key could load today and be
    /// refused tomorrow (a registered passkey that stops verifying; found by `Fuzz/`). It adds no safety to
    /// verification either: a malformed modulus lets only its owner forge their own signatures.
    func checkPublicKey() throws(CryptoError) {
        guard !isA("RSA") else { return }
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else {
            throw CryptoError.openSSL(.libraryFailure, "EVP_PKEY_CTX_new_from_pkey")
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_public_check(context) == 1 else {
            throw CryptoError.openSSL(.invalidKey, "public key failed validation")
        }
    }
}
