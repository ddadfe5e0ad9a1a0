import Foundation
import VestibuleAPI
import VestibuleClient
import VestibuleHTML
import VestibuleHTTP
import VestibuleLogging

/// The bookstore's routes, cookies, anti-forgery checks and pages. Handlers live in `BookstoreApp+<Area>.swift`;
/// every one of them reaches Vestibule through ``Shop`` and ``VestibuleClient`` only.
struct BookstoreApp: Sendable {
    let configuration: BookstoreConfiguration
    let shop: Shop
    let localization: BookstoreLocalization
    /// The shared base stylesheet and the bookstore's own, by path.
    let stylesheets: [String: [UInt8]]
    let csrf: CSRFGuard
    let cookies: BookstoreCookies
    let guestLimit: GuestLimit
    let clock: @Sendable () -> Date
    let logger: Logger

    /// Vestibule, called for the shopper behind `request`: with an app key, Vestibule counts the calls that it
    /// limits (new guests, guest tickets, token requests) against that shopper's address, not against the bookstore's.
    func vestibule(for request: Request) -> VestibuleClient { shop.vestibule.forVisitor(at: request.remoteAddress) }

    /// The bookstore's palette and own components, linked after ``BaseStylesheet/path``.
    static let stylesheetPath = "/static/bookstore.css"

    /// Adds every route to `router`.
    func install(on router: inout Router) {
        for (path, stylesheet) in stylesheets {
            router.get(path) { _ in
                var response = Response(status: .ok, body: stylesheet)
                response.headers.replace("Content-Type", "text/css; charset=utf-8")
                response.headers.replace("Cache-Control", "public, max-age=3600")
                return response
            }
        }
        router.get("/") { request in
            let shopper = try shopper(of: request)
            return try render(for: request, shopper: shopper) { CatalogPage.render(shop.catalog, in: $0) }
        }
        installCartRoutes(on: &router)
        installCheckoutRoutes(on: &router)
        installAccountRoutes(on: &router)
    }

    // MARK: Who is asking

    /// The shopper behind `request`. Asks Vestibule about the session only when its access token is about to
    /// end: a refresh, which also tells a grant that ended.
    func shopper(of request: Request) throws(VestibuleClientError) -> Shopper {
        let chosen = request.query["lang"].flatMap(BookstoreLanguage.init(rawValue:))
        let remembered = cookies.language.value(in: request)
        let language = BookstoreLanguage.negotiate(
            explicit: chosen?.rawValue ?? remembered, acceptLanguage: request.headers["Accept-Language"]
        )
        let presentedVisitorID = cookies.visitor.value(in: request)
        var session: ShopperSession?
        var sessionRenewed = false
        var sessionEnded = false
        if let value = cookies.session.value(in: request) {
            session = ShopperSession(cookieValue: value)
            let now = clock()
            if let current = session, current.needsRefresh(at: now) {
                let tokens = try vestibule(for: request).refreshTokens(current.refreshToken)
                session = tokens.map { current.renewed(with: $0, now: now) }
                sessionRenewed = session != nil
            }
            sessionEnded = session == nil
        }
        return Shopper(
            language: language,
            chosenLanguage: chosen,
            visitorID: presentedVisitorID ?? Randomness.hex(byteCount: 16),
            visitorIDIsNew: presentedVisitorID == nil,
            // A guest is claimed at sign-in: its token is no use beside a session.
            guestToken: session == nil ? cookies.guest.value(in: request) : nil,
            session: session,
            sessionRenewed: sessionRenewed,
            sessionEnded: sessionEnded
        )
    }

    /// The signed-in shopper's name and email, asked of Vestibule (userinfo) for the pages that show them; `nil`
    /// for a guest.
    ///
    /// - Throws: ``VestibuleClientError/Code/signInRequired`` when the grant has ended: the shopper is then
    ///   forgotten (``respond(to:with:)``).
    func person(of shopper: Shopper, for request: Request) throws(VestibuleClientError) -> OpenIDUserInfo? {
        try shopper.session.map { session throws(VestibuleClientError) in
            try vestibule(for: request).userInfo(accessToken: session.accessToken)
        }
    }

    /// The shopper of a same-origin POST that carries their form's anti-forgery token, and the form.
    func checkedForm(_ request: Request) throws -> (Shopper, FormFields) {
        let shopper = try shopper(of: request)
        try csrf.check(request, binding: shopper.csrfBinding)
        return (shopper, try request.form())
    }

    // MARK: Responses

    /// A page for `shopper`: the layout around `build`'s content, with the cart's size in the header (read from
    /// Vestibule unless the handler has `cart` at hand).
    func render(
        for request: Request, shopper: Shopper, status: HTTPStatus = .ok, cart: Cart? = nil,
        _ build: (PageContext) -> Page
    ) throws -> Response {
        let count = try cart?.count ?? shop.cart(of: shopper.owner).count
        let context = PageContext(
            localization: localization,
            language: shopper.language,
            catalog: shop.catalog,
            csrfToken: csrf.token(for: shopper.csrfBinding),
            path: request.path,
            signedInWith: shopper.session?.method,
            cartCount: count
        )
        var response = Response.html(Layout.render(build(context), in: context).rendered, status: status)
        // Pages carry anti-forgery tokens and a shopper's orders: never cached.
        response.headers.replace("Cache-Control", "no-store")
        response.headers.replace("Content-Language", shopper.language.tag)
        try remember(shopper, on: &response)
        return response
    }

    /// A 303 to `location` that keeps what the shopper's cookies must remember.
    func redirect(to location: String, shopper: Shopper) throws -> Response {
        var response = Response.redirect(to: location)
        try remember(shopper, on: &response)
        return response
    }

    /// Sets the visitor and language cookies when they are new, keeps refreshed tokens, and clears a session
    /// cookie whose sign-in ended.
    func remember(_ shopper: Shopper, on response: inout Response) throws(CookieError) {
        if shopper.visitorIDIsNew { try cookies.visitor.set(shopper.visitorID, on: &response) }
        if let chosen = shopper.chosenLanguage { try cookies.language.set(chosen.tag, on: &response) }
        if shopper.sessionRenewed, let session = shopper.session { try cookies.session.set(session.cookieValue, on: &response) }
        if shopper.sessionEnded { try cookies.session.clear(on: &response) }
    }
}
