/// `AuthenticationResponseJSON`: what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.get`, or
/// what a native app builds from `ASAuthorizationPlatformPublicKeyCredentialAssertion` (`userID` as
/// `userHandle`). Bytes are unpadded base64url strings.
public struct AuthenticationResponseJSON: Codable, Sendable, Equatable {
    public struct Response: Codable, Sendable, Equatable {
        public let clientDataJSON: String
        public let authenticatorData: String
        public let signature: String
        /// The user handle the passkey was created with; discoverable credentials always have one.
        public let userHandle: String?

        public init(clientDataJSON: String, authenticatorData: String, signature: String, userHandle: String?) {
            self.clientDataJSON = clientDataJSON
            self.authenticatorData = authenticatorData
            self.signature = signature
            self.userHandle = userHandle
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
