/// Keyed message authentication (RFC 2104) through OpenSSL.
public enum HMAC {
    /// HMAC-SHA-256 of `message` under `key` (32 bytes). Compare MACs with ``ConstantTime/equals(_:_:)``.
    public static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        OpenSSL.hmacSHA256(key: key, message: message)
    }
}
