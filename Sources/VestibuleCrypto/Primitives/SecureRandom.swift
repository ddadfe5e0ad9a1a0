/// Cryptographically secure random bytes from the operating system (libsodium `randombytes_buf`).
public enum SecureRandom {
    /// `count` random bytes.
    public static func bytes(_ count: Int) -> [UInt8] {
        precondition(count >= 0, "byte count must not be negative")
        return Sodium.randomBytes(count)
    }

    /// A random token of `byteCount` bytes, base64url-encoded (43 characters for the default 32 bytes).
    public static func token(byteCount: Int = 32) -> String {
        Base64URL.encode(bytes(byteCount))
    }
}
