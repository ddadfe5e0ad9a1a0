/// The body of `POST /api/v1/apple/native`. The reply is a ``CeremonyReply``.
public struct NativeAppleRequest: Codable, Sendable, Equatable {
    public let credential: AppleNativeCredential
    /// ``SessionDelivery/token`` for a native app, which has no cookie jar Vestibule can use.
    public let sessionDelivery: SessionDelivery?

    public init(credential: AppleNativeCredential, sessionDelivery: SessionDelivery? = .token) {
        self.credential = credential
        self.sessionDelivery = sessionDelivery
    }
}
