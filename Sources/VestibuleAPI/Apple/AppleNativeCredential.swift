/// What `ASAuthorizationAppleIDCredential` gave a native app, as `POST /api/v1/apple/native` takes it.
public struct AppleNativeCredential: Codable, Sendable, Equatable {
    /// `credential.fullName`, which Apple gives on the first authorization only.
    public struct Name: Codable, Sendable, Equatable {
        public let firstName: String?
        public let lastName: String?

        public init(firstName: String?, lastName: String?) {
            self.firstName = firstName
            self.lastName = lastName
        }
    }

    /// The JWT: UTF-8 of `credential.identityToken`.
    public let identityToken: String
    /// UTF-8 of `credential.authorizationCode`; Vestibule exchanges it with the bundle ID as `client_id`.
    public let authorizationCode: String
    /// The raw nonce from ``AppleNonceReply`` (the token carries its hex SHA-256).
    public let nonce: String
    /// Send it when Apple gave one; the email is taken from the signed token, never from the app.
    public let name: Name?

    public init(identityToken: String, authorizationCode: String, nonce: String, name: Name? = nil) {
        self.identityToken = identityToken
        self.authorizationCode = authorizationCode
        self.nonce = nonce
        self.name = name
    }
}
