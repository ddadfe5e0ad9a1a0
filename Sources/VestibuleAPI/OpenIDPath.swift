/// The paths of Vestibule's OpenID provider (`docs/oidc.md`), under its origin, which is the issuer: for the
/// provider's router and for ``VestibuleClient``'s sign-in alike. Discovery names them too, for any other client.
public enum OpenIDPath {
    public static let discovery = "/.well-known/openid-configuration"
    public static let authorize = "/oidc/authorize"
    public static let token = "/oidc/token"
    public static let userInfo = "/oidc/userinfo"
    public static let revoke = "/oidc/revoke"
    public static let introspect = "/oidc/introspect"
    public static let endSession = "/oidc/end-session"
}
