internal import CSodium

/// XChaCha20-Poly1305-IETF, libsodium's AEAD with 192-bit nonces, for ``SecretBox``.
extension Sodium {
    static let xchachaNonceBytes = crypto_aead_xchacha20poly1305_ietf_npubbytes()
    static let xchachaTagBytes = crypto_aead_xchacha20poly1305_ietf_abytes()

    /// The ciphertext followed by its tag (`plaintext.count + xchachaTagBytes` bytes).
    static func xchachaSeal(_ plaintext: [UInt8], additional: [UInt8], nonce: [UInt8], key: [UInt8]) -> [UInt8] {
        ensureInitialized()
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count + xchachaTagBytes)
        var length: UInt64 = 0
        // Encryption cannot fail for in-memory buffers of this size; the return value is always 0.
        _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
            &ciphertext, &length, plaintext, UInt64(plaintext.count), additional, UInt64(additional.count),
            nil, nonce, key)
        return Array(ciphertext.prefix(Int(length)))
    }

    /// The plaintext, or nil when the ciphertext, its tag or `additional` was altered.
    static func xchachaOpen(_ ciphertext: [UInt8], additional: [UInt8], nonce: [UInt8], key: [UInt8]) -> [UInt8]? {
        ensureInitialized()
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count)
        var length: UInt64 = 0
        let result = crypto_aead_xchacha20poly1305_ietf_decrypt(
            &plaintext, &length, nil, ciphertext, UInt64(ciphertext.count),
            additional, UInt64(additional.count), nonce, key)
        guard result == 0 else { return nil }
        return Array(plaintext.prefix(Int(length)))
    }
}
