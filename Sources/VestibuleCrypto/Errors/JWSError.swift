/// Why a JWS or JWT was rejected.
///
/// Errors compare equal when their codes are equal; ``reason`` is diagnostic text for logs and
/// never contains the token, its signature or key material.
public struct JWSError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A distinct, comparable reason for rejection.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        init(_ rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        /// Not three base64url segments, header or claims not a JSON object, or a claim of the wrong type.
        public static let malformed = Code("malformed")
        /// The header's `alg` is `none` (any case): an unsigned token.
        public static let algorithmNone = Code("algorithmNone")
        /// The header's `alg` is unknown or not in the verifier's allowed set.
        public static let algorithmNotAllowed = Code("algorithmNotAllowed")
        /// The header's `alg` does not match the type of the key its `kid` selects.
        public static let algorithmKeyMismatch = Code("algorithmKeyMismatch")
        /// The header has no `kid`, or no cached key has that id.
        public static let unknownKeyID = Code("unknownKeyID")
        /// The signature does not verify over the signing input.
        public static let badSignature = Code("badSignature")
        /// The token's `exp` (plus leeway) is not after the given time.
        public static let expired = Code("expired")
        /// The token's `nbf` or `iat` is after the given time plus leeway.
        public static let notYetValid = Code("notYetValid")
        /// A required claim (`exp`) is absent.
        public static let missingClaim = Code("missingClaim")
    }

    /// The reason for rejection.
    public let code: Code
    /// Short non-secret diagnostic text.
    public let reason: String

    /// Makes an error with the given code; `reason` is free diagnostic text.
    public init(_ code: Code, _ reason: String = "") {
        self.code = code
        self.reason = reason
    }

    public static func == (lhs: JWSError, rhs: JWSError) -> Bool { lhs.code == rhs.code }

    /// A token-supplied value made safe to put in ``reason`` (and so in logs): printable ASCII
    /// only, at most 40 characters, because the value comes from whoever sent the token.
    static func quoted(_ value: String) -> String {
        let printable = value.unicodeScalars.prefix(40).map { (0x20...0x7E).contains($0.value) ? Character($0) : "?" }
        return "\"" + String(printable) + (value.unicodeScalars.count > 40 ? "…\"" : "\"")
    }

    public var description: String { reason.isEmpty ? "JWSError(\(code))" : "JWSError(\(code)): \(reason)" }
}
