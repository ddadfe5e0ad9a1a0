/// `AuthenticationResponseJSON`: what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.get`
/// (and what an iOS app builds from `ASAuthorizationPlatformPublicKeyCredentialAssertion`).
public struct AuthenticationResponse: Decodable, Sendable {
    public struct Response: Decodable, Sendable {
        public let clientDataJSON: Base64URLBytes
        public let authenticatorData: Base64URLBytes
        public let signature: Base64URLBytes
        /// The user handle the passkey was created with; required for discoverable credentials.
        public let userHandle: Base64URLBytes?
    }

    public let id: String
    public let rawId: Base64URLBytes
    public let type: String
    public let response: Response
}
