internal import COpenSSL

/// Conversions between JWS's raw `R ‖ S` ECDSA signatures (RFC 7518 §3.4) and OpenSSL's DER `ECDSA-Sig-Value`.
enum ECDSASignature {
    /// `R ‖ S`, each left-padded to `coordinateSize` bytes, from a DER signature.
    static func raw(fromDER der: [UInt8], coordinateSize: Int) throws(CryptoError) -> [UInt8] {
        let signature: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
        }
        guard let signature else { throw CryptoError.openSSL(.invalidEncoding, "not a DER ECDSA signature") }
        defer { ECDSA_SIG_free(signature) }
        var r: OpaquePointer?
        var s: OpaquePointer?
        ECDSA_SIG_get0(signature, &r, &s)
        var raw = [UInt8](repeating: 0, count: 2 * coordinateSize)
        let written = raw.withUnsafeMutableBufferPointer { buffer in
            (BN_bn2binpad(r, buffer.baseAddress, Int32(coordinateSize)),
             BN_bn2binpad(s, buffer.baseAddress! + coordinateSize, Int32(coordinateSize)))
        }
        guard written.0 == coordinateSize, written.1 == coordinateSize else {
            throw CryptoError.openSSL(.invalidEncoding, "ECDSA signature component too large")
        }
        return raw
    }

    /// The DER encoding of a raw `R ‖ S` signature, or nil if it cannot be one (odd length).
    static func der(fromRaw raw: [UInt8]) -> [UInt8]? {
        guard !raw.isEmpty, raw.count % 2 == 0 else { return nil }
        let half = raw.count / 2
        guard let signature = ECDSA_SIG_new() else {
            _ = OpenSSLErrors.drain()
            return nil
        }
        defer { ECDSA_SIG_free(signature) }
        let r = BN_bin2bn(raw, Int32(half), nil)
        let s = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress! + half, Int32(half), nil) }
        // ECDSA_SIG_set0 takes ownership of r and s on success only.
        guard let r, let s, ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            _ = OpenSSLErrors.drain()
            return nil
        }
        let length = i2d_ECDSA_SIG(signature, nil)
        guard length > 0 else {
            _ = OpenSSLErrors.drain()
            return nil
        }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return i2d_ECDSA_SIG(signature, &cursor)
        }
        return written == length ? der : nil
    }
}
