internal import COpenSSL

extension OpenSSL {
    static func sha256(_ input: [UInt8]) -> [UInt8] { digest(input, FetchedDigest.sha256) }
    static func sha384(_ input: [UInt8]) -> [UInt8] { digest(input, FetchedDigest.sha384) }
    static func sha512(_ input: [UInt8]) -> [UInt8] { digest(input, FetchedDigest.sha512) }

    private static func digest(_ input: [UInt8], _ md: OpaquePointer) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        // EVP_Digest only fails on allocation failure inside OpenSSL; there is nothing to recover.
        guard EVP_Digest(input, input.count, &output, &length, md, nil) == 1 else {
            fatalError("EVP_Digest failed: \(OpenSSLErrors.drain())")
        }
        return Array(output.prefix(Int(length)))
    }
}
