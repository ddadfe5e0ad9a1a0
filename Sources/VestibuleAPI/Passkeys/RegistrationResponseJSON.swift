/// `RegistrationResponseJSON`: what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.create`, or
/// what a native app builds from `ASAuthorizationPlatformPublicKeyCredentialRegistration` (`docs/api.md`,
/// "Native apps"). Bytes are unpadded base64url strings.
public struct RegistrationResponseJSON: Codable, Sendable, Equatable {
    public struct Response: Codable, Sendable, Equatable {
        public let clientDataJSON: String
        public let attestationObject: String
        public let transports: [String]?

        public init(clientDataJSON: String, attestationObject: String, transports: [String]? = nil) {
            self.clientDataJSON = clientDataJSON
            self.attestationObject = attestationObject
            self.transports = transports
        }
    }

    /// The credential ID, base64url; the same bytes as ``rawId``.
    public let id: String
    public let rawId: String
    public let type: String
    public let response: Response

    public init(id: String, response: Response) {
        self.id = id
        self.rawId = id
        self.type = "public-key"
        self.response = response
    }
}
