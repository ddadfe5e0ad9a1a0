/// SHA-2 digests (FIPS 180-4) through OpenSSL.
public enum SHA2 {
    /// The SHA-256 digest (32 bytes) of `bytes`.
    public static func sha256(_ bytes: some Sequence<UInt8>) -> [UInt8] { OpenSSL.sha256(Array(bytes)) }
    /// The SHA-384 digest (48 bytes) of `bytes`.
    public static func sha384(_ bytes: some Sequence<UInt8>) -> [UInt8] { OpenSSL.sha384(Array(bytes)) }
    /// The SHA-512 digest (64 bytes) of `bytes`.
    public static func sha512(_ bytes: some Sequence<UInt8>) -> [UInt8] { OpenSSL.sha512(Array(bytes)) }

    /// The SHA-256 digest of the UTF-8 bytes of `text`.
    public static func sha256(_ text: String) -> [UInt8] { sha256(text.utf8) }
    /// The SHA-384 digest of the UTF-8 bytes of `text`.
    public static func sha384(_ text: String) -> [UInt8] { sha384(text.utf8) }
    /// The SHA-512 digest of the UTF-8 bytes of `text`.
    public static func sha512(_ text: String) -> [UInt8] { sha512(text.utf8) }
}
