public import Foundation
public import VestibuleHTTP
public import VestibuleLogging
import VestibuleApple
import VestibuleCore
import VestibuleCrypto

/// Vestibule's web pages: the routes, cookies, anti-forgery checks, rate limits and localized error pages.
/// Handlers live in `WebApp+<Area>.swift`.
public struct WebApp: Sendable {
    let configuration: WebConfiguration
    let services: WebServices
    let localization: Localization
    let assets: StaticAssets
    let csrf: CSRFGuard
    let sessionCookie: HostCookie
    let visitorCookie: HostCookie
    /// Names the browser's pending hand-off from another app (``Handoffs``).
    let handoffCookie: HostCookie
    /// Names the Sign in with Apple waiting in this browser for its account's owner to add it (SIWA-5).
    let appleLinkCookie: HostCookie
    let limits: RateLimiter
    let accessTokens: AccessTokenIssuer
    let documents: Documents
    let mail: AccountMail
    let credentialChanges: CredentialChanges
    let clock: @Sendable () -> Date
    let logger: Logger
    /// The pages' Content-Security-Policy when Sign in with Apple widens the default: the start form's answer
    /// is a redirect to Apple's page, which `form-action` governs, and Apple's button is an image from Apple.
    /// Made once here, not per page.
    let pageSecurityPolicy: String?
    /// The status element's policy: like the pages', but other sites of the operator may frame it.
    let embedSecurityPolicy: String
    /// The data policy applied to accounts: what is missing, giving and taking back values.
    let fields: AccountFields

    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    /// - Parameters:
    ///   - csrfKey: at least 32 secret random bytes; anti-forgery tokens are HMACs under it.
    ///   - rateLimitKey: another 32 secret bytes, the same on every instance; rate-limit keys are HMACs under it.
    public init(
        configuration: WebConfiguration,
        services: WebServices,
        csrfKey: [UInt8],
        rateLimitKey: [UInt8],
        clock: @escaping @Sendable () -> Date,
        logger: Logger
    ) throws(SetupError) {
        do {
            localization = try Localization()
            // Draw the Apple button once in every language now, so no page can fail to draw it later (a
            // title too long for the width in German, a title Apple's service does not offer).
            for language in Language.allCases {
                _ = try configuration.appleButton?.markup(in: localization.catalog(for: language))
            }
            assets = try StaticAssets(
                appleButtonStylesheet: AppleButtonStylesheet.css(for: configuration.appleButton.map { [$0.size] } ?? [])
            )
        } catch {
            throw SetupError(description: "\(error)")
        }
        self.configuration = configuration
        self.services = services
        self.csrf = CSRFGuard(key: csrfKey, origin: configuration.origin)
        self.sessionCookie = HostCookie(
            baseName: "vestibule_session", secure: configuration.secure, maxAge: configuration.sessionCookieMaxAge
        )
        self.visitorCookie = HostCookie(baseName: "vestibule_visitor", secure: configuration.secure, maxAge: nil)
        self.handoffCookie = HostCookie(
            baseName: "vestibule_handoff", secure: configuration.secure, maxAge: Int(Handoffs.lifetime)
        )
        self.appleLinkCookie = HostCookie(
            baseName: "vestibule_apple_link", secure: configuration.secure, maxAge: Int(AppleSignIn.pendingLinkLifetime)
        )
        self.limits = RateLimiter(counter: services.attempts, keyMAC: rateLimitKey, clock: clock)
        self.accessTokens = AccessTokenIssuer(signingKeys: services.signingKeys, issuer: configuration.origin, clock: clock)
        self.documents = Documents(store: services.store, limits: configuration.documentLimits, clock: clock)
        self.mail = AccountMail(queue: services.mail, localization: localization, origin: configuration.origin)
        self.credentialChanges = CredentialChanges(store: services.store, mail: mail, clock: clock)
        self.clock = clock
        self.logger = logger
        self.fields = AccountFields(policy: configuration.dataPolicy, store: services.store, clock: clock)
        embedSecurityPolicy = SecurityHeaders.contentSecurityPolicy(
            formActions: [], images: [], frameAncestors: ["'self'"] + configuration.apps.origins
        )
        pageSecurityPolicy = services.apple.map { apple in
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
        installAppleRoutes(on: &router)
        installSessionAPIRoutes(on: &router)
        installIntegrationAPIRoutes(on: &router)
        installHandoffRoutes(on: &router)
        installGuestAPIRoutes(on: &router)
        installDocumentAPIRoutes(on: &router)
        installWellKnownRoutes(on: &router)
    }

    // MARK: Rendering

    func page(for request: Request, status: HTTPStatus = .ok, _ build: (PageContext) -> Page) throws -> Response {
        try render(for: request, visitor: try visitor(of: request), status: status, build)
    }

    func render(for request: Request, visitor: Visitor, status: HTTPStatus = .ok, _ build: (PageContext) -> Page)
        throws(CookieError) -> Response
    {
        let context = PageContext(
            localization: localization,
            appleButton: configuration.appleButton,
            language: visitor.language,
            mailGoesToOutbox: services.outbox != nil,
            account: visitor.account,
            csrfToken: csrf.token(for: visitor.csrfBinding)
        )
        var response = Response.html(Layout.render(build(context), in: context).rendered, status: status)
        if let pageSecurityPolicy { response.headers.replace("Content-Security-Policy", pageSecurityPolicy) }
        // Pages can show personal data and carry anti-forgery tokens: never cache them.
        response.headers.replace("Cache-Control", "no-store")
        response.headers.replace("Content-Language", visitor.language.tag)
        if visitor.visitorIDIsNew {
            try visitorCookie.set(visitor.visitorID, on: &response)
        }
        if let chosen = visitor.chosenLanguage {
            response.setCookie(
                try Cookie(name: Visitor.languageCookie, value: chosen.tag, maxAge: 365 * 24 * 3600, secure: configuration.secure)
            )
        }
        return response
    }

    func visitor(of request: Request) throws(StoreError) -> Visitor {
        let chosen = request.query["lang"].flatMap(Language.init(rawValue:))
        let remembered = request.cookies()[Visitor.languageCookie]
        let language = Language.negotiate(
            explicit: chosen?.rawValue ?? remembered,
            acceptLanguage: request.headers["Accept-Language"]
        )
        let presentedVisitorID = visitorCookie.value(in: request)
        let visitorID = presentedVisitorID ?? SecureRandom.token(byteCount: 16)
        var session: Session?
        var token: SessionToken?
        if let value = sessionCookie.value(in: request) {
            token = SessionToken(value: value)
            session = try services.sessions.authenticate(SessionToken(value: value))
        }
        let account = try session.flatMap { session throws(StoreError) in try services.store.account(id: session.accountID) }
        return Visitor(
            language: language,
            chosenLanguage: chosen,
            session: session,
            account: account,
            token: session == nil ? nil : token,
            visitorID: visitorID,
            visitorIDIsNew: presentedVisitorID == nil
        )
    }

    /// The visitor and the form of a same-origin, token-carrying POST.
    func checkedForm(_ request: Request) throws -> (Visitor, FormFields) {
        let visitor = try visitor(of: request)
        try csrf.check(request, binding: visitor.csrfBinding)
        return (visitor, try request.form())
    }

    /// Starts a session for a person who just proved who they are, replacing any session the browser held.
    func signIn(_ accountID: AccountID, method: SignInMethod, visitor: Visitor, request: Request, then location: String)
        throws -> Response
    {
        var response = Response.redirect(to: location)
        try startSession(accountID, method: method, visitor: visitor, request: request, on: &response)
        return response
    }

    /// Starts a session and sets its cookie on `response`, with the method remembered for the next sign-in
    /// page (AUTH-8). The remembered method names no account, so it tells someone else at the browser nothing.
    func startSession(
        _ accountID: AccountID, method: SignInMethod, visitor: Visitor, request: Request, on response: inout Response
    ) throws {
        let (_, token) = try services.sessions.signIn(
            accountID: accountID,
            method: method,
            userAgent: request.headers["User-Agent"] ?? "",
            replacing: visitor.token
        )
        try sessionCookie.set(token.value, on: &response)
        claimHandoffGuest(into: accountID, request: request)
        response.setCookie(
            try Cookie(
                name: Visitor.lastMethodCookie, value: method.rawValue, maxAge: 365 * 24 * 3600,
                secure: configuration.secure
            )
        )
    }
}
