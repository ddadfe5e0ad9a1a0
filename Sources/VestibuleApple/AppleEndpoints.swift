/// Where Sign in with Apple lives: Apple's own servers in production, the built-in emulator in development
/// and tests. Everything Vestibule sends to Apple or checks against Apple's tokens comes from here.
public struct AppleEndpoints: Sendable, Equatable {
    /// The `iss` of identity tokens and notifications, and the `aud` of client secrets.
    public let issuer: String
    public let authorize: String
    public let token: String
    public let keys: String
    public let revoke: String

    /// The origin of ``authorize``, where the browser goes: pages allow their forms to lead there
    /// (`form-action`).
    public var authorizeOrigin: String { issuer }

    /// The endpoints under one origin, at Apple's paths.
    public init(issuer: String) {
        self.issuer = issuer
        authorize = issuer + "/auth/authorize"
        token = issuer + "/auth/token"
        keys = issuer + "/auth/keys"
        revoke = issuer + "/auth/revoke"
    }

    /// Apple's production servers (`https://appleid.apple.com/.well-known/openid-configuration`).
    public static let apple = AppleEndpoints(issuer: "https://appleid.apple.com")
}
