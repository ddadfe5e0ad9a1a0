/// The operator's settings that shape the pages.
public struct WebConfiguration: Sendable {
    /// This site's origin as browsers see it (`https://id.example.com`), for the same-origin check.
    public var origin: String
    /// Whether browsers reach the site over HTTPS (directly or through a TLS proxy): cookies become
    /// `Secure` and `__Host-` prefixed.
    public var secure: Bool
    /// The operator's explanation of what signing in brings, by language tag (SIWA-2, AUTH-4). Languages
    /// without one use the catalog's default text.
    public var signInBenefits: [String: String]
    /// How long the session cookie lives in the browser, in seconds: the session's absolute timeout.
    public var sessionCookieMaxAge: Int

    public init(origin: String, secure: Bool, signInBenefits: [String: String] = [:], sessionCookieMaxAge: Int) {
        self.origin = origin
        self.secure = secure
        self.signInBenefits = signInBenefits
        self.sessionCookieMaxAge = sessionCookieMaxAge
    }
}
