internal import CSodium

/// Argon2id through libsodium's `crypto_pwhash_str*`, which writes and reads PHC strings, for ``PasswordHasher``.
extension Sodium {
    /// The size of libsodium's PHC string buffer, its terminating NUL included: a longer string is not one of its.
    static let argon2idStringBytes = crypto_pwhash_strbytes()

    /// A PHC string for `password` with a fresh random salt; nil when libsodium cannot allocate the memory.
    static func argon2idHash(_ password: String, iterations: Int, memoryKiB: Int) -> String? {
        ensureInitialized()
        var output = [CChar](repeating: 0, count: argon2idStringBytes)
        let result = withPassword(password) { bytes, count in
            crypto_pwhash_str_alg(
                &output, bytes, count, UInt64(iterations), memoryKiB * 1024, crypto_pwhash_alg_argon2id13())
        }
        guard result == 0 else { return nil }
        return output.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Whether `password` matches the PHC string `encoded`, compared in constant time.
    static func argon2idVerify(_ password: String, against encoded: String) -> Bool {
        ensureInitialized()
        return withPassword(password) { bytes, count in crypto_pwhash_str_verify(encoded, bytes, count) } == 0
    }

    /// Calls `body` with the password's UTF-8 bytes and their count.
    private static func withPassword<R>(_ password: String, _ body: (UnsafePointer<CChar>, UInt64) -> R) -> R {
        // The trailing NUL keeps the buffer non-empty, so even an empty password has a valid pointer.
        let bytes = Array(password.utf8) + [0]
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!, UInt64(buffer.count - 1)) }
        }
    }
}
