/// A failure in a cryptographic operation.
///
/// Carries a comparable ``code``, a short non-secret ``context`` and, when OpenSSL failed, the
/// entries drained from its error queue. It never contains key material, passwords or plaintext.
public struct CryptoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is; compare errors by code.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        init(_ rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        /// Text or bytes are not in the expected encoding (base64url, DER, PHC, sealed box layout).
        public static let invalidEncoding = Code("invalidEncoding")
        /// Key material is not a valid key of its declared type.
        public static let invalidKey = Code("invalidKey")
        /// A valid key of a type, curve or use this layer does not support.
        public static let unsupportedKey = Code("unsupportedKey")
        /// A key too weak to accept (RSA under 2048 bits).
        public static let weakKey = Code("weakKey")
        /// Parameters outside the accepted range (empty key ring, duplicate key id, Argon2 limits).
        public static let invalidParameters = Code("invalidParameters")
        /// Authenticated decryption failed: wrong key, tampered data or wrong associated data.
        public static let authenticationFailed = Code("authenticationFailed")
        /// Sealed data names a key that is not in the key ring.
        public static let unknownKeyID = Code("unknownKeyID")
        /// A C library call failed unexpectedly (allocation, internal error).
        public static let libraryFailure = Code("libraryFailure")
        /// Too much of a bounded resource is in use (every password hash and waiting place): try again shortly.
        public static let busy = Code("busy")
    }

    /// What kind of failure this is.
    public let code: Code
    /// A short, non-secret description of the operation that failed.
    public let context: String
    /// OpenSSL error strings drained from its queue when this error was made (may be empty).
    public let libraryErrors: [String]

    init(_ code: Code, _ context: String, libraryErrors: [String] = []) {
        self.code = code
        self.context = context
        self.libraryErrors = libraryErrors
    }

    public var description: String {
        let details = libraryErrors.isEmpty ? "" : " [\(libraryErrors.joined(separator: "; "))]"
        return "CryptoError(\(code)): \(context)\(details)"
    }
}
