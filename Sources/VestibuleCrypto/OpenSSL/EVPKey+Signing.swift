internal import COpenSSL

extension EVPKey {
    /// Signs `message` with this private key and `digest` (nil for Ed25519, which hashes internally).
    /// Returns OpenSSL's signature encoding (DER for ECDSA).
    func sign(_ message: [UInt8], digest: OpaquePointer?) throws(CryptoError) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { throw CryptoError.openSSL(.libraryFailure, "EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, digest, nil, pointer) == 1 else {
            throw CryptoError.openSSL(.libraryFailure, "EVP_DigestSignInit")
        }
        var length = 0
        guard EVP_DigestSign(context, nil, &length, message, message.count) == 1 else {
            throw CryptoError.openSSL(.libraryFailure, "EVP_DigestSign (length)")
        }
        var signature = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &signature, &length, message, message.count) == 1 else {
            throw CryptoError.openSSL(.libraryFailure, "EVP_DigestSign")
        }
        return Array(signature.prefix(length))
    }

    /// Whether `signature` (OpenSSL's encoding) verifies over `message` under this key.
    func verify(_ signature: [UInt8], message: [UInt8], digest: OpaquePointer?) -> Bool {
        guard let context = EVP_MD_CTX_new() else {
            _ = OpenSSLErrors.drain()
            return false
        }
        defer { EVP_MD_CTX_free(context) }
        let valid = EVP_DigestVerifyInit(context, nil, digest, nil, pointer) == 1
            && EVP_DigestVerify(context, signature, signature.count, message, message.count) == 1
        // A bad signature leaves entries on the queue; clear them so they are not blamed on a later call.
        if !valid { _ = OpenSSLErrors.drain() }
        return valid
    }
}
