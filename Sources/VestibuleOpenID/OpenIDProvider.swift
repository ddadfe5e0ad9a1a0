public import VestibuleHTTP
public import VestibuleSite
import VestibuleCore

/// Vestibule as an OpenID Provider (OpenID Connect Core 1.0, the authorization code flow; `docs/oidc.md`):
/// discovery, the authorization, token, userinfo, revocation and introspection endpoints, RP-initiated logout,
/// and back-channel logout through ``BackchannelLogoutDelivery``. Its clients are the registered apps with
/// `openID` settings. The pages a person sees on the way (sign-in, consent) are `VestibulePages`'.
public struct OpenIDProvider: Sendable {
    /// The endpoints' paths, under the site's origin, which is the issuer.
    enum Path {
        static let discovery = "/.well-known/openid-configuration"
        static let jwks = "/.well-known/jwks.json"
        static let authorize = "/oidc/authorize"
        static let token = "/oidc/token"
        static let userInfo = "/oidc/userinfo"
        static let revoke = "/oidc/revoke"
        static let introspect = "/oidc/introspect"
        static let endSession = "/oidc/end-session"
    }

    let site: Site
    let logouts: BackchannelLogoutDelivery

    public init(site: Site, logouts: BackchannelLogoutDelivery) {
        self.site = site
        self.logouts = logouts
    }

    /// Adds every OpenID endpoint to `router`.
    public func install(on router: inout Router) {
        router.get(Path.discovery) { _ in try discovery() }
        router.get(Path.authorize) { request in try authorize(request, parameters: request.query) }
        router.post(Path.authorize) { request in try authorize(request, parameters: try request.form()) }
        router.post(Path.token) { request in readableCrossOrigin(request, try token(request)) }
        router.add(.options, Path.token) { request in preflight(request, methods: "POST") }
        router.get(Path.userInfo) { request in readableCrossOrigin(request, try userInfo(request)) }
        router.post(Path.userInfo) { request in readableCrossOrigin(request, try userInfo(request)) }
        router.add(.options, Path.userInfo) { request in preflight(request, methods: "GET, POST") }
        router.post(Path.revoke) { request in try revoke(request) }
        router.post(Path.introspect) { request in try introspect(request) }
        router.get(Path.endSession) { request in try endSession(request, parameters: request.query) }
        router.post(Path.endSession) { request in try endSession(request, parameters: try request.form()) }
    }
}
