internal import COpenSSL

extension EVPKey {
    /// Generates a fresh private key for `algorithm`: RSA 2048, EC P-256 or Ed25519.
    static func generate(for algorithm: JWSAlgorithm) throws(CryptoError) -> EVPKey {
        let context: OpaquePointer? = switch algorithm {
        case .rs256: EVP_PKEY_CTX_new_from_name(nil, "RSA", nil)
        case .es256: EVP_PKEY_CTX_new_from_name(nil, "EC", nil)
        case .edDSA: EVP_PKEY_CTX_new_from_name(nil, "ED25519", nil)
        }
        guard let context else { throw CryptoError.openSSL(.libraryFailure, "EVP_PKEY_CTX_new_from_name") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_keygen_init(context) == 1 else {
            throw CryptoError.openSSL(.libraryFailure, "EVP_PKEY_keygen_init")
        }
        switch algorithm {
        case .rs256:
            guard EVP_PKEY_CTX_set_rsa_keygen_bits(context, 2048) == 1 else {
                throw CryptoError.openSSL(.libraryFailure, "EVP_PKEY_CTX_set_rsa_keygen_bits")
            }
        case .es256:
            guard EVP_PKEY_CTX_set_group_name(context, "P-256") == 1 else {
                throw CryptoError.openSSL(.libraryFailure, "EVP_PKEY_CTX_set_group_name")
            }
        case .edDSA:
            break
        }
        var key: OpaquePointer?
        guard EVP_PKEY_generate(context, &key) == 1, let key else {
            throw CryptoError.openSSL(.libraryFailure, "EVP_PKEY_generate")
        }
        return EVPKey(taking: key)
    }
}
