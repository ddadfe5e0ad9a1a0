import VestibuleClient
import VestibuleHTTP

/// Signing in and out through Vestibule with OpenID Connect: the authorization request there (the guest's cart
/// along, by a ticket), the way back with its code, and the end of the grant.
extension BookstoreApp {
    static let returnPath = "/signed-in"
    /// A way back this browser did not start, or whose code was used or expired: it is gone.
    static let gone = HTTPStatus(code: 410, reasonPhrase: "Gone")
    /// What the bookstore asks for: who the person is, and their documents, where the cart and orders are kept.
    static let scopes = ["openid", "profile", "email", "documents"]

    func installAccountRoutes(on router: inout Router) {
        // "Sign in" for returning customers: a link, so it works from any page. A guest's cart comes along.
        router.get("/sign-in") { request in
            let shopper = try shopper(of: request)
            guard !shopper.isSignedIn else { return try redirect(to: "/orders", shopper: shopper) }
            return try sendToVestibule(shopper: shopper, request: request, firstPage: .signIn)
        }

        // "Create an account to track this order", with the name and email the order already has (SIWA-6); the
        // guest, with its cart and orders, goes along. A passkey is made on Vestibule's sign-up page; Sign in with
        // Apple is on its sign-in page, where a first use creates the account.
        router.post("/account/create") { request in
            let (shopper, form) = try checkedForm(request)
            guard !shopper.isSignedIn else { return try redirect(to: "/orders", shopper: shopper) }
            let firstPage: OpenIDSignInRequest.FirstPage
            switch form["method"] {
            case "apple": firstPage = .signIn
            case "passkey": firstPage = .signUp
            default: throw HTTPError(.badRequest, "No such way to create an account.")
            }
            guard let owner = shopper.owner, let id = form["order"], let order = try shop.order(id, of: owner) else {
                throw HTTPError(.badRequest, "No such order.")
            }
            return try sendToVestibule(
                shopper: shopper, request: request, firstPage: firstPage, knowing: (order.name, order.email)
            )
        }

        // Back from Vestibule: the code, checked against this browser's sign-in, becomes the shopper's tokens.
        router.get(Self.returnPath) { request in
            let shopper = try shopper(of: request)
            let started = cookies.signIn.value(in: request).flatMap(OpenIDSignIn.init(cookieValue:))
            let signedIn: (tokens: OpenIDTokenSet, identity: OpenIDIdentity)
            do {
                signedIn = try vestibule(for: request).finishSignIn(
                    code: request.query["code"], state: request.query["state"], error: request.query["error"],
                    started: started, redirectURI: returnURL
                )
            } catch let error as OpenIDSignInError {
                return try cameBackWithout(error, shopper: shopper)
            }
            guard let refreshToken = signedIn.tokens.refreshToken else { throw HTTPError(.badGateway) }
            let session = ShopperSession(
                method: ShopperSession.method(of: signedIn.identity), tokens: signedIn.tokens,
                refreshToken: refreshToken, now: clock()
            )
            // An account that already had a cart now also holds the guest's as `cart.guest`: one cart again.
            try shop.foldGuestCarts(of: .account(token: session.accessToken))
            var response = try redirect(to: "/orders", shopper: shopper)
            try cookies.session.set(session.cookieValue, on: &response)
            // The guest was claimed into the account: its token no longer works.
            try cookies.guest.clear(on: &response)
            try cookies.signIn.clear(on: &response)
            return response
        }

        // Ends the grant at Vestibule, not only here: a copied cookie is then worth nothing. The person stays
        // signed in at Vestibule itself, as on any other site they use it for.
        router.post("/sign-out") { request in
            let (shopper, _) = try checkedForm(request)
            if let session = shopper.session { try vestibule(for: request).revokeToken(session.refreshToken) }
            var response = try redirect(to: "/", shopper: shopper)
            try cookies.session.clear(on: &response)
            return response
        }
    }

    /// The bookstore's page Vestibule sends people back to: its registered redirect URI.
    var returnURL: String { configuration.origin + Self.returnPath }

    /// Sends the browser to Vestibule's authorization endpoint, bringing the shopper's guest (if any) with what the
    /// bookstore knows of them, and keeps the sign-in's secrets in this browser for the way back.
    private func sendToVestibule(
        shopper: Shopper, request: Request, firstPage: OpenIDSignInRequest.FirstPage,
        knowing person: (name: String, email: String)? = nil
    ) throws -> Response {
        let vestibule = vestibule(for: request)
        let ticket = try shopper.guestToken.map { token throws(VestibuleClientError) in
            try vestibule.guestTicket(for: .guest(token: token), name: person?.name, email: person?.email)
        }
        // Vestibule's pages go on in the language the shopper reads here.
        let signIn = try vestibule.startSignIn(
            OpenIDSignInRequest(
                redirectURI: returnURL, scopes: Self.scopes, firstPage: firstPage, guestTicket: ticket,
                language: shopper.language.rawValue
            )
        )
        var response = try redirect(to: signIn.url, shopper: shopper)
        try cookies.signIn.set(signIn.cookieValue, on: &response)
        return response
    }

    /// The way back without tokens: the person said no at Vestibule (back to the books, as they were), or a
    /// code this browser did not ask for or can no longer use (gone).
    private func cameBackWithout(_ error: OpenIDSignInError, shopper: Shopper) throws -> Response {
        switch error.code {
        case .refusedByVestibule:
            var response = try redirect(to: "/", shopper: shopper)
            try cookies.signIn.clear(on: &response)
            return response
        case .notStartedHere, .codeRefused:
            throw HTTPError(Self.gone)
        case .invalidIDToken:
            throw HTTPError(.badGateway)
        case .unreachable(let failure):
            throw failure
        }
    }
}
