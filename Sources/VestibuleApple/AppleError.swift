/// Why Sign in with Apple failed. Compare by ``code``; ``reason`` is for logs and never holds a token,
/// code or secret.
public struct AppleError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The operator's Apple settings are unusable (a `.p8` that is not a P-256 key, a missing ID).
        public static let misconfigured = Code("misconfigured")
        /// An identity token or notification failed verification (signature, issuer, audience, time).
        public static let invalidToken = Code("invalidToken")
        /// The token's nonce is not the one this sign-in issued.
        public static let nonceMismatch = Code("nonceMismatch")
        /// `c_hash` or `at_hash` does not match the code or access token it came with.
        public static let hashMismatch = Code("hashMismatch")
        /// Apple's token endpoint refused (`invalid_grant`: the code was used or expired; `invalid_client`).
        public static let rejectedByApple = Code("rejectedByApple")
        /// Apple could not be reached, or answered something that is not its protocol.
        public static let unreachable = Code("unreachable")
        /// The callback's `state` is missing, forged, expired or used already.
        public static let invalidState = Code("invalidState")
        /// The person cancelled at Apple, or Apple returned an `error`.
        public static let cancelled = Code("cancelled")
    }

    public let code: Code
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public static func == (lhs: AppleError, rhs: AppleError) -> Bool { lhs.code == rhs.code }
    public var description: String { "AppleError(\(code)): \(reason)" }
}
