public import VestibuleCore
public import VestibuleHTTP
public import VestibuleLogging

/// Vestibule's web pages: the routes, the session cookie, anti-forgery checks and localized error pages.
public struct WebApp: Sendable {
    let configuration: WebConfiguration
    let localization: Localization
    let assets: StaticAssets
    let store: any Store
    let sessions: SessionManager
    let csrf: CSRFGuard
    let cookie: SessionCookie
    let logger: Logger

    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    /// - Parameter csrfKey: at least 32 secret random bytes; anti-forgery tokens are HMACs under it.
    public init(
        configuration: WebConfiguration,
        store: any Store,
        sessions: SessionManager,
        csrfKey: [UInt8],
        logger: Logger
    ) throws(SetupError) {
        do {
            localization = try Localization()
            assets = try StaticAssets()
        } catch {
            throw SetupError(description: "\(error)")
        }
        self.configuration = configuration
        self.store = store
        self.sessions = sessions
        self.csrf = CSRFGuard(key: csrfKey, origin: configuration.origin)
        self.cookie = SessionCookie(secure: configuration.secure, maxAge: configuration.sessionCookieMaxAge)
        self.logger = logger
    }

    /// Adds every page route to `router`.
    public func install(on router: inout Router) {
        router.get(StaticAssets.stylesheetPath) { _ in assets.stylesheetResponse() }
        router.get("/") { request in try page(for: request) { HomePage.render(in: $0) } }
        router.get("/sign-in") { request in try signInPage(request) }
        router.get("/account") { request in try accountPage(request) }
        router.post("/sign-out") { request in try signOut(request) }
        router.post("/account/sessions/:id/revoke") { request in try revokeSession(request) }
    }

    // MARK: Handlers

    private func signInPage(_ request: Request) throws -> Response {
        try page(for: request) { context in
            let benefits = configuration.signInBenefits[context.language.tag] ?? context.text(.signInBenefits)
            return SignInPage.render(in: context, benefits: benefits)
        }
    }

    private func accountPage(_ request: Request) throws -> Response {
        let visitor = try visitor(of: request)
        guard let session = visitor.session, let account = visitor.account else { return .redirect(to: "/sign-in") }
        let identities = try store.identities(of: account.id)
        let devices = try sessions.sessions(of: account.id)
        return try render(for: request, visitor: visitor) {
            AccountPage.render(in: $0, identities: identities, sessions: devices, currentSession: session.id)
        }
    }

    private func signOut(_ request: Request) throws -> Response {
        let visitor = try visitor(of: request)
        var response = Response.redirect(to: "/")
        guard let session = visitor.session, let token = visitor.token else {
            try csrf.checkOrigin(request)
            return response
        }
        try csrf.check(request, session: session.id)
        try sessions.signOut(token)
        try cookie.clear(on: &response)
        return response
    }

    private func revokeSession(_ request: Request) throws -> Response {
        let visitor = try visitor(of: request)
        guard let session = visitor.session, let account = visitor.account else { return .redirect(to: "/sign-in") }
        try csrf.check(request, session: session.id)
        let target = SessionID(rawValue: request.pathParameters["id"] ?? "")
        guard try sessions.revoke(target, of: account.id) else {
            throw HTTPError(.notFound, "No such session on this account.")
        }
        guard target == session.id else { return .redirect(to: "/account") }
        var response = Response.redirect(to: "/")
        try cookie.clear(on: &response)
        return response
    }

    // MARK: Rendering

    private func page(for request: Request, _ build: (PageContext) -> Page) throws -> Response {
        try render(for: request, visitor: try visitor(of: request), build)
    }

    func render(for request: Request, visitor: Visitor, status: HTTPStatus = .ok, _ build: (PageContext) -> Page)
        throws(CookieError) -> Response
    {
        let context = PageContext(
            localization: localization,
            language: visitor.language,
            account: visitor.account,
            csrfToken: visitor.session.map { csrf.token(for: $0.id) },
            path: request.path
        )
        var response = Response.html(Layout.render(build(context), in: context).rendered, status: status)
        // Pages can show personal data: never cache them in shared or browser caches.
        response.headers.replace("Cache-Control", "no-store")
        response.headers.replace("Content-Language", visitor.language.tag)
        if let chosen = visitor.chosenLanguage {
            response.setCookie(
                try Cookie(name: Visitor.languageCookie, value: chosen.tag, maxAge: 365 * 24 * 3600, secure: configuration.secure)
            )
        }
        return response
    }

    func visitor(of request: Request) throws(StoreError) -> Visitor {
        let chosen = request.query["lang"].flatMap(Language.init(rawValue:))
        let remembered = (try? request.cookies())?[Visitor.languageCookie]
        let language = Language.negotiate(
            explicit: chosen?.rawValue ?? remembered,
            acceptLanguage: request.headers["Accept-Language"]
        )
        guard let token = cookie.token(in: request), let session = try sessions.authenticate(token) else {
            return Visitor(language: language, chosenLanguage: chosen, session: nil, account: nil, token: nil)
        }
        let account = try store.account(id: session.accountID)
        return Visitor(language: language, chosenLanguage: chosen, session: session, account: account, token: token)
    }
}
