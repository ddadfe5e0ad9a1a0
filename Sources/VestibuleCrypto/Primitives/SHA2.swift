internal import COpenSSL

/// SHA-2 digests (FIPS 180-4) through OpenSSL.
public enum SHA2 {
    /// The SHA-256 digest (32 bytes) of `bytes`.
    public static func sha256(_ bytes: some Sequence<UInt8>) -> [UInt8] { digest(bytes, FetchedDigest.sha256) }
    /// The SHA-384 digest (48 bytes) of `bytes`.
    public static func sha384(_ bytes: some Sequence<UInt8>) -> [UInt8] { digest(bytes, FetchedDigest.sha384) }
    /// The SHA-512 digest (64 bytes) of `bytes`.
    public static func sha512(_ bytes: some Sequence<UInt8>) -> [UInt8] { digest(bytes, FetchedDigest.sha512) }

    /// The SHA-256 digest of the UTF-8 bytes of `text`.
    public static func sha256(_ text: String) -> [UInt8] { sha256(text.utf8) }
    /// The SHA-384 digest of the UTF-8 bytes of `text`.
    public static func sha384(_ text: String) -> [UInt8] { sha384(text.utf8) }
    /// The SHA-512 digest of the UTF-8 bytes of `text`.
    public static func sha512(_ text: String) -> [UInt8] { sha512(text.utf8) }

    private static func digest(_ bytes: some Sequence<UInt8>, _ md: OpaquePointer?) -> [UInt8] {
        let input = Array(bytes)
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        // EVP_Digest only fails on allocation failure inside OpenSSL; there is nothing to recover.
        guard EVP_Digest(input, input.count, &output, &length, md, nil) == 1 else {
            fatalError("EVP_Digest failed: \(OpenSSLErrors.drain())")
        }
        return Array(output.prefix(Int(length)))
    }
}
