/// `PublicKeyCredentialRequestOptionsJSON` (WebAuthn Level 3 §5.5.1): what
/// `PublicKeyCredential.parseRequestOptionsFromJSON` takes, for a modal request or for AutoFill (conditional
/// mediation). `allowCredentials` is empty: any of this site's passkeys may answer, no username needed.
public struct CredentialRequestOptions: Encodable, Sendable {
    public let challenge: Base64URLBytes
    /// Milliseconds the browser may wait for the person.
    public let timeout: Int
    public let rpId: String
    public let allowCredentials: [CredentialDescriptor] = []
    public let userVerification: String
}
