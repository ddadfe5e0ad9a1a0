/// Why a passkey registration or assertion was rejected.
///
/// Compare errors by ``code``; ``reason`` is a short, non-secret description for logs (it never
/// contains challenges, keys or signatures).
public struct PasskeyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The check that failed.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        init(_ rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        /// Bytes are not valid CBOR, JSON, authenticator data or a COSE key.
        public static let malformed = Code("malformed")
        /// `clientDataJSON.type` is not the ceremony's type.
        public static let typeMismatch = Code("typeMismatch")
        /// `clientDataJSON.challenge` differs from the challenge the relying party issued.
        public static let challengeMismatch = Code("challengeMismatch")
        /// `clientDataJSON.origin` is not an allowed origin.
        public static let originNotAllowed = Code("originNotAllowed")
        /// `crossOrigin` is true (or `topOrigin` is not allowed) and the relying party does not accept it.
        public static let crossOrigin = Code("crossOrigin")
        /// `rpIdHash` is not SHA-256 of the relying party ID.
        public static let rpIDMismatch = Code("rpIDMismatch")
        /// The UP flag is clear.
        public static let userNotPresent = Code("userNotPresent")
        /// The UV flag is clear and the relying party requires user verification.
        public static let userNotVerified = Code("userNotVerified")
        /// An assertion or attestation signature does not verify.
        public static let badSignature = Code("badSignature")
        /// The credential's COSE algorithm or key type is not supported or not allowed.
        public static let unsupportedAlgorithm = Code("unsupportedAlgorithm")
        /// The attestation statement format (or a variant of it, such as packed with `x5c`) is not supported.
        public static let unsupportedAttestation = Code("unsupportedAttestation")
        /// An attestation statement is malformed or inconsistent (e.g. packed `alg` differs from the key's).
        public static let attestationInvalid = Code("attestationInvalid")
        /// BS is set while BE is clear.
        public static let backupStateInvalid = Code("backupStateInvalid")
        /// BE in an assertion differs from the BE stored at registration (BE is fixed for a credential).
        public static let backupEligibilityChanged = Code("backupEligibilityChanged")
        /// AT is clear or attested credential data is missing at registration, or present in an assertion.
        public static let missingCredentialData = Code("missingCredentialData")
        /// The client data's challenge was never issued, was answered already, or has expired.
        public static let challengeUnknown = Code("challengeUnknown")
        /// The challenge was issued for another account, or for a ceremony of another kind.
        public static let challengeMisused = Code("challengeMisused")
        /// No passkey with the assertion's credential ID is registered (deleted, or another site's).
        public static let credentialUnknown = Code("credentialUnknown")
        /// The new credential's ID is registered already.
        public static let credentialExists = Code("credentialExists")
        /// The assertion's user handle is not the account the credential belongs to.
        public static let userHandleMismatch = Code("userHandleMismatch")
    }

    /// The check that failed.
    public let code: Code
    /// A short, non-secret description of the failure.
    public let reason: String

    public init(_ code: Code, _ reason: String = "") {
        self.code = code
        self.reason = reason
    }

    /// Errors are equal when their codes are: reasons are for people, not for control flow.
    public static func == (lhs: PasskeyError, rhs: PasskeyError) -> Bool { lhs.code == rhs.code }

    public var description: String { reason.isEmpty ? "PasskeyError(\(code))" : "PasskeyError(\(code)): \(reason)" }
}
