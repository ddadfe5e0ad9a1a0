public import VestibuleHTTP
public import VestibuleSite
import VestibuleAppleButton
import VestibuleCore
import VestibuleLocalization

/// Vestibule's web pages: sign-up and sign-in by every method, the account, the hand-off's questions, the
/// localized error pages and the static assets they load. Handlers live in `Pages+<Area>.swift`.
public struct Pages: Sendable {
    let site: Site
    let assets: StaticAssets
    /// The pages' Content-Security-Policy when Sign in with Apple widens the default: the start form's answer
    /// is a redirect to Apple's page, which `form-action` governs, and Apple's button is an image from Apple.
    /// Made once here, not per page.
    let pageSecurityPolicy: String?
    /// The status element's policy: like the pages', but other sites of the operator may frame it.
    let embedSecurityPolicy: String

    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    public init(site: Site) throws(SetupError) {
        let configuration = site.configuration
        do {
            // Draw the Apple button once in every language now, so no page can fail to draw it later (a
            // title too long for the width in German, a title Apple's service does not offer).
            for language in Language.allCases {
                _ = try configuration.appleButton?.markup(in: site.localization.catalog(for: language))
            }
            assets = try StaticAssets(
                appleButtonStylesheet: AppleButtonStylesheet.css(for: configuration.appleButton.map { [$0.size] } ?? [])
            )
        } catch {
            throw SetupError(description: "\(error)")
        }
        self.site = site
        embedSecurityPolicy = SecurityHeaders.contentSecurityPolicy(
            formActions: [], images: [], frameAncestors: ["'self'"] + configuration.apps.origins
        )
        pageSecurityPolicy = site.services.apple.map { apple in
            SecurityHeaders.contentSecurityPolicy(
                formActions: [apple.signIn.server.endpoints.authorizeOrigin],
                images: configuration.appleButton?.imageOrigins ?? []
            )
        }
    }

    /// Adds every page route to `router`.
    public func install(on router: inout Router) {
        assets.install(on: &router)
        router.get("/") { request in
            try page(for: request) { context in
                HomePage.render(in: context, notice: request.query["notice"] == "account-deleted" ? context.text(.homeAccountDeleted) : nil)
            }
        }
        installAccountRoutes(on: &router)
        installWelcomeRoutes(on: &router)
        installFieldRoutes(on: &router)
        installEmbedRoutes(on: &router)
        installPasswordRoutes(on: &router)
        installPasskeyRoutes(on: &router)
        installRecoveryRoutes(on: &router)
        installAppleRoutes(on: &router)
        installHandoffRoutes(on: &router)
        installOpenIDRoutes(on: &router)
        installWellKnownRoutes(on: &router)
    }

    // MARK: Rendering

    func page(for request: Request, status: HTTPStatus = .ok, _ build: (PageContext) -> Page) throws -> Response {
        try render(for: request, visitor: try site.visitor(of: request), status: status, build)
    }

    package func render(for request: Request, visitor: Visitor, status: HTTPStatus = .ok, _ build: (PageContext) -> Page)
        throws -> Response
    {
        // Read once per page: each is a sealed step in the store.
        let pending = try site.pendingHandoff(request)
        let waiting = pending == nil ? try site.waitingAuthorization(request) : nil
        let context = PageContext(
            localization: site.localization,
            appleButton: site.configuration.appleButton,
            language: visitor.language,
            outboxURL: site.services.outbox == nil ? nil : site.configuration.origin + SitePath.outbox,
            account: visitor.account,
            continuingTo: pending?.app.name ?? waiting?.app.name,
            prefill: PageContext.Prefill(
                name: pending?.handoff.name ?? waiting?.authorization.nameHint,
                email: pending?.handoff.email ?? waiting?.authorization.loginHint
            ),
            csrfToken: site.csrf.token(for: visitor.csrfBinding)
        )
        var response = Response.html(Layout.render(build(context), in: context).rendered, status: status)
        if let pageSecurityPolicy { response.headers.replace("Content-Security-Policy", pageSecurityPolicy) }
        // Pages can show personal data and carry anti-forgery tokens: never cache them.
        response.headers.replace("Cache-Control", "no-store")
        response.headers.replace("Content-Language", visitor.language.tag)
        try site.rememberVisitor(visitor, on: &response)
        return response
    }
}
