/// Why ``AccessTokenVerifier`` refused a token.
///
/// Errors compare equal when their codes are equal; ``reason`` is diagnostic text for logs and never contains
/// the token, its signature or key material.
public struct AccessTokenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A comparable cause; new codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// Not a compact JWS, not an access token (`typ` other than `at+jwt`), or claims of the wrong shape.
        public static let malformed = Code(name: "malformed")
        /// The signature does not verify, or the header names an algorithm Vestibule does not sign with.
        public static let badSignature = Code(name: "badSignature")
        /// No published key has the token's `kid`, even after fetching the keys again.
        public static let unknownKey = Code(name: "unknownKey")
        /// `exp` (plus leeway) has passed.
        public static let expired = Code(name: "expired")
        /// `nbf` or `iat` is in the future (beyond the leeway).
        public static let notYetValid = Code(name: "notYetValid")
        /// `iss` is not this Vestibule's origin.
        public static let wrongIssuer = Code(name: "wrongIssuer")
        /// `aud` is not the audience this verifier accepts: a token meant for another API.
        public static let wrongAudience = Code(name: "wrongAudience")
        /// No keys to check against: Vestibule's JWKS could not be fetched and none is cached.
        public static let keysUnavailable = Code(name: "keysUnavailable")

        public var description: String { name }
    }

    public let code: Code
    /// Short non-secret diagnostic text.
    public let reason: String

    init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public static func == (lhs: AccessTokenError, rhs: AccessTokenError) -> Bool { lhs.code == rhs.code }

    public var description: String { "\(code): \(reason)" }
}
