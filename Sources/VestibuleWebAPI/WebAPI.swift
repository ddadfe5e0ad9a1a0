public import VestibuleHTTP
public import VestibuleSite

/// Vestibule's JSON API under `/api/v1` (`docs/api.md`): passkey ceremonies and Sign in with Apple for native
/// apps, the session, access tokens, guests, documents, hand-offs and account fields for apps' servers.
/// Handlers live in `WebAPI+<Area>.swift`; ``jsonAPI(_:budget:_:)`` runs each call.
public struct WebAPI: Sendable {
    let site: Site

    public init(site: Site) {
        self.site = site
    }

    /// Adds every `/api/v1` route to `router`.
    public func install(on router: inout Router) {
        installSessionAPIRoutes(on: &router)
        installIntegrationAPIRoutes(on: &router)
        installHandoffAPIRoutes(on: &router)
        installGuestAPIRoutes(on: &router)
        installDocumentAPIRoutes(on: &router)
        installFieldAPIRoutes(on: &router)
        installPasskeyAPIRoutes(on: &router)
        installAppleAPIRoutes(on: &router)
    }
}
