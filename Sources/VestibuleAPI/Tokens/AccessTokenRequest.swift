/// The body of `POST /api/v1/token`; `{}` asks for a token for Vestibule itself.
public struct AccessTokenRequest: Codable, Sendable, Equatable {
    /// The API the token is for (`aud`): one of the registered apps' `audiences` (the calling app's own, when
    /// it sends its key).
    public let audience: String?

    public init(audience: String? = nil) {
        self.audience = audience
    }
}
