/// `PublicKeyCredentialRequestOptionsJSON` (WebAuthn Level 3 §5.5.1), as Vestibule sends it for sign-in:
/// `allowCredentials` is empty, since passkeys are discoverable. A native app decodes `challenge` for
/// `createCredentialAssertionRequest(challenge:)`.
public struct PublicKeyCredentialRequestOptionsJSON: Codable, Sendable, Equatable {
    /// Base64url; single use, five minutes.
    public let challenge: String
    /// Milliseconds the platform may wait for the person.
    public let timeout: Int
    public let rpId: String
    public let allowCredentials: [PublicKeyCredentialDescriptorJSON]
    public let userVerification: String
}
