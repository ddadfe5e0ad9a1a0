internal import COpenSSL

extension EVPKey {
    /// Parses a DER-encoded PKCS #8 `PrivateKeyInfo`; trailing bytes are rejected.
    static func privateKey(pkcs8DER der: [UInt8]) throws(CryptoError) -> EVPKey {
        let info: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            let parsed = d2i_PKCS8_PRIV_KEY_INFO(nil, &cursor, buffer.count)
            guard let parsed, cursor == buffer.baseAddress.map({ $0 + buffer.count }) else {
                PKCS8_PRIV_KEY_INFO_free(parsed)
                return nil
            }
            return parsed
        }
        guard let info else { throw CryptoError.openSSL(.invalidEncoding, "not a DER PKCS #8 private key") }
        defer { PKCS8_PRIV_KEY_INFO_free(info) }
        guard let key = EVP_PKCS82PKEY(info) else {
            throw CryptoError.openSSL(.invalidKey, "PKCS #8 key is not usable")
        }
        return EVPKey(taking: key)
    }

    /// This private key as DER-encoded PKCS #8 `PrivateKeyInfo`. The result is secret.
    func pkcs8DER() throws(CryptoError) -> [UInt8] {
        guard let info = EVP_PKEY2PKCS8(pointer) else { throw CryptoError.openSSL(.libraryFailure, "EVP_PKEY2PKCS8") }
        defer { PKCS8_PRIV_KEY_INFO_free(info) }
        let length = i2d_PKCS8_PRIV_KEY_INFO(info, nil)
        guard length > 0 else { throw CryptoError.openSSL(.libraryFailure, "i2d_PKCS8_PRIV_KEY_INFO (length)") }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return i2d_PKCS8_PRIV_KEY_INFO(info, &cursor)
        }
        guard written == length else { throw CryptoError.openSSL(.libraryFailure, "i2d_PKCS8_PRIV_KEY_INFO") }
        return der
    }
}
