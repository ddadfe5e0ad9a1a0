/// `PublicKeyCredentialDescriptorJSON`: a credential named in `excludeCredentials` or `allowCredentials`.
public struct PublicKeyCredentialDescriptorJSON: Codable, Sendable, Equatable {
    public let type: String
    /// The credential ID, base64url.
    public let id: String
    public let transports: [String]?

    public init(type: String = "public-key", id: String, transports: [String]?) {
        self.type = type
        self.id = id
        self.transports = transports
    }
}
