internal import COpenSSL

extension EVPKey {
    /// Builds a public key from the members of `jwk`; the caller checks type and strength.
    static func publicKey(from jwk: JWK) throws(CryptoError) -> EVPKey {
        let key: OpaquePointer?
        switch jwk.kty {
        case "RSA":
            let n = try member(jwk.n, "n")
            let e = try member(jwk.e, "e")
            // Bounds keep the C int conversions exact and refuse absurd keys before any arithmetic.
            guard (1...2048).contains(n.count), (1...8).contains(e.count) else {
                throw CryptoError(.invalidKey, "RSA modulus or exponent has an unacceptable length")
            }
            // What a product of two odd primes and a usable exponent must be, checked here because OpenSSL's own
            // check of an RSA public key is not run (`checkPublicKey`).
            let exponent = e.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            guard n.last! & 1 == 1, exponent & 1 == 1, exponent > 1 else {
                throw CryptoError(.invalidKey, "RSA modulus and exponent must be odd, the exponent above 1")
            }
            key = vestibule_rsa_public_key(n, n.count, e, e.count)
        case "EC":
            guard jwk.crv == "P-256" else { throw CryptoError(.unsupportedKey, "EC curve is not P-256") }
            let x = try member(jwk.x, "x")
            let y = try member(jwk.y, "y")
            guard x.count == 32, y.count == 32 else {
                throw CryptoError(.invalidKey, "P-256 coordinates must be 32 bytes")
            }
            let point = [0x04] + x + y
            key = vestibule_ec_public_key("P-256", point, point.count)
        case "OKP":
            guard jwk.crv == "Ed25519" else { throw CryptoError(.unsupportedKey, "OKP curve is not Ed25519") }
            let x = try member(jwk.x, "x")
            guard x.count == 32 else { throw CryptoError(.invalidKey, "Ed25519 public key must be 32 bytes") }
            key = EVP_PKEY_new_raw_public_key_ex(nil, "ED25519", nil, x, x.count)
        default:
            throw CryptoError(.unsupportedKey, "key type is not RSA, EC or OKP")
        }
        guard let key else { throw CryptoError.openSSL(.invalidKey, "\(jwk.kty) key could not be built") }
        return EVPKey(taking: key)
    }

    private static func member(_ value: String?, _ name: String) throws(CryptoError) -> [UInt8] {
        guard let value else { throw CryptoError(.invalidKey, "JWK member \(name) is missing") }
        do {
            return try Base64URL.decode(value)
        } catch {
            throw CryptoError(.invalidKey, "JWK member \(name) is not base64url")
        }
    }

    /// The public JWK members of this key (no `kid`, `use` or `alg`).
    func publicJWK(for algorithm: JWSAlgorithm) throws(CryptoError) -> JWK {
        switch algorithm {
        case .rs256:
            return JWK(kty: "RSA", n: Base64URL.encode(try bigNumber(OSSL_PKEY_PARAM_RSA_N)),
                       e: Base64URL.encode(try bigNumber(OSSL_PKEY_PARAM_RSA_E)))
        case .es256:
            return JWK(kty: "EC", crv: "P-256", x: Base64URL.encode(try bigNumber(OSSL_PKEY_PARAM_EC_PUB_X, padTo: 32)),
                       y: Base64URL.encode(try bigNumber(OSSL_PKEY_PARAM_EC_PUB_Y, padTo: 32)))
        case .edDSA:
            var raw = [UInt8](repeating: 0, count: 32)
            var length = raw.count
            guard EVP_PKEY_get_raw_public_key(pointer, &raw, &length) == 1, length == 32 else {
                throw CryptoError.openSSL(.libraryFailure, "EVP_PKEY_get_raw_public_key")
            }
            return JWK(kty: "OKP", crv: "Ed25519", x: Base64URL.encode(raw))
        }
    }

    /// A big-number parameter as unsigned big-endian bytes, minimal or left-padded to `padTo`.
    private func bigNumber(_ name: String, padTo width: Int? = nil) throws(CryptoError) -> [UInt8] {
        var number: OpaquePointer?
        guard EVP_PKEY_get_bn_param(pointer, name, &number) == 1, let number else {
            throw CryptoError.openSSL(.libraryFailure, "EVP_PKEY_get_bn_param(\(name))")
        }
        defer { BN_free(number) }
        let size = width ?? (Int(BN_num_bits(number)) + 7) / 8
        var bytes = [UInt8](repeating: 0, count: size)
        guard BN_bn2binpad(number, &bytes, Int32(size)) == size else {
            throw CryptoError.openSSL(.libraryFailure, "BN_bn2binpad(\(name))")
        }
        return bytes
    }
}
