internal import COpenSSL

extension OpenSSL {
    static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        // OpenSSL's HMAC only fails on allocation failure; there is nothing to recover.
        guard COpenSSL.HMAC(EVP_sha256(), key, Int32(key.count), message, message.count, &output, &length) != nil else {
            fatalError("HMAC failed: \(OpenSSLErrors.drain())")
        }
        return Array(output.prefix(Int(length)))
    }
}
