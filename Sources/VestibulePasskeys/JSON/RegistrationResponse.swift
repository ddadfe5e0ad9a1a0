/// `RegistrationResponseJSON`: what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.create`
/// (and what an iOS app builds from `ASAuthorizationPlatformPublicKeyCredentialRegistration`).
public struct RegistrationResponse: Decodable, Sendable {
    public struct Response: Decodable, Sendable {
        public let clientDataJSON: Base64URLBytes
        public let attestationObject: Base64URLBytes
        public let transports: [String]?
    }

    public let id: String
    public let rawId: Base64URLBytes
    public let type: String
    public let response: Response
}
