public import VestibuleHTTP
public import VestibuleSite
import VestibuleAPI
import VestibuleCore

/// Vestibule as an OpenID Provider (OpenID Connect Core 1.0, the authorization code flow; `docs/oidc.md`):
/// discovery, the authorization, token, userinfo, revocation and introspection endpoints, RP-initiated logout,
/// and back-channel logout through ``BackchannelLogoutDelivery``. Its clients are the registered apps with
/// `openID` settings. The pages a person sees on the way (sign-in, consent) are `VestibulePages`'.
public struct OpenIDProvider: Sendable {
    let site: Site
    let logouts: BackchannelLogoutDelivery

    public init(site: Site, logouts: BackchannelLogoutDelivery) {
        self.site = site
        self.logouts = logouts
    }

    /// Adds every OpenID endpoint to `router`.
    public func install(on router: inout Router) {
        router.get(OpenIDPath.discovery) { _ in try discovery() }
        router.get(OpenIDPath.authorize) { request in try authorize(request, parameters: request.query) }
        router.post(OpenIDPath.authorize) { request in try authorize(request, parameters: try request.form()) }
        router.post(OpenIDPath.token) { request in readableCrossOrigin(request, try token(request)) }
        router.add(.options, OpenIDPath.token) { request in preflight(request, methods: "POST") }
        router.get(OpenIDPath.userInfo) { request in readableCrossOrigin(request, try userInfo(request)) }
        router.post(OpenIDPath.userInfo) { request in readableCrossOrigin(request, try userInfo(request)) }
        router.add(.options, OpenIDPath.userInfo) { request in preflight(request, methods: "GET, POST") }
        router.post(OpenIDPath.revoke) { request in try revoke(request) }
        router.post(OpenIDPath.introspect) { request in try introspect(request) }
        router.get(OpenIDPath.endSession) { request in try endSession(request, parameters: request.query) }
        router.post(OpenIDPath.endSession) { request in try endSession(request, parameters: try request.form()) }
    }
}
