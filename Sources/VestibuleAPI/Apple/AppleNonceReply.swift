/// The reply of `POST /api/v1/apple/nonce`: single use, ten minutes. The app sets
/// `request.nonce = hex(SHA-256(nonce))` on its `ASAuthorizationAppleIDRequest` and sends the raw nonce back.
public struct AppleNonceReply: Codable, Sendable, Equatable {
    public let nonce: String

    public init(nonce: String) {
        self.nonce = nonce
    }
}
