import VestibuleCrypto

/// A nonce from `POST /api/v1/apple/nonce`: single use, ten minutes. Apple's request carries its hash, Vestibule
/// gets it raw, and so a token Apple signed for one sign-in cannot be replayed in another.
public struct AppleSignInNonce: Sendable, Equatable {
    /// What goes back to Vestibule in ``VestibuleAPI/AppleNativeCredential/nonce``.
    public let raw: String

    /// What `ASAuthorizationAppleIDRequest.nonce` is set to: hex SHA-256 of ``raw``.
    public var hashed: String { Hex.encode(SHA2.sha256(raw)) }
}
