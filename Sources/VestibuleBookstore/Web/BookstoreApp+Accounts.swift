import VestibuleAPI
import VestibuleClient
import VestibuleHTTP

/// Signing in and out through Vestibule: the hand-off there, the way back with its one-time code, and the end
/// of the session.
extension BookstoreApp {
    static let returnPath = "/signed-in"
    /// A code that was used, expired, or was not this browser's: the way back is gone.
    static let gone = HTTPStatus(code: 410, reasonPhrase: "Gone")

    func installAccountRoutes(on router: inout Router) {
        // "Sign in" for returning customers: a link, so it works from any page. A guest's cart comes along.
        router.get("/sign-in") { request in
            let shopper = try shopper(of: request)
            guard !shopper.isSignedIn else { return try redirect(to: "/orders", shopper: shopper) }
            return try handOff(
                HandoffRequest(returnTo: returnURL, mode: .signIn), shopper: shopper, request: request
            )
        }

        // "Create an account to track this order", with the name and email the order already has (SIWA-6); the
        // guest, with its cart and orders, goes along. A passkey is made on Vestibule's sign-up page; Sign in with
        // Apple is on its sign-in page, where a first use creates the account.
        router.post("/account/create") { request in
            let (shopper, form) = try checkedForm(request)
            guard !shopper.isSignedIn else { return try redirect(to: "/orders", shopper: shopper) }
            let mode: HandoffRequest.Mode
            switch form["method"] {
            case "apple": mode = .signIn
            case "passkey": mode = .signUp
            default: throw HTTPError(.badRequest, "No such way to create an account.")
            }
            guard let owner = shopper.owner, let id = form["order"], let order = try shop.order(id, of: owner) else {
                throw HTTPError(.badRequest, "No such order.")
            }
            let handoffRequest = HandoffRequest(
                returnTo: returnURL, mode: mode, name: order.name, email: order.email
            )
            return try handOff(handoffRequest, shopper: shopper, request: request)
        }

        // Back from Vestibule: the code, with this browser's exchange key, becomes a session of the account.
        router.get(Self.returnPath) { request in
            let shopper = try shopper(of: request)
            guard let code = request.query["code"], !code.isEmpty, let key = cookies.handoff.value(in: request) else {
                throw HTTPError(Self.gone)
            }
            guard let signedIn = try exchange(code: code, exchangeKey: key, for: request) else { throw HTTPError(Self.gone) }
            let owner = Owner.account(sessionToken: signedIn.sessionToken)
            // An account that already had a cart now also holds the guest's as `cart.guest`: one cart again.
            try shop.foldGuestCarts(of: owner)
            var response = try redirect(to: "/orders", shopper: shopper)
            try cookies.session.set(signedIn.sessionToken, on: &response)
            // The guest was claimed into the account: its token no longer works.
            try cookies.guest.clear(on: &response)
            try cookies.handoff.clear(on: &response)
            return response
        }

        // Ends the session at Vestibule, not only here: a stolen cookie is then worth nothing.
        router.post("/sign-out") { request in
            let (shopper, _) = try checkedForm(request)
            if let session = shopper.session { try vestibule(for: request).signOut(sessionToken: session.token) }
            var response = try redirect(to: "/", shopper: shopper)
            try cookies.session.clear(on: &response)
            return response
        }
    }

    /// The bookstore's page Vestibule sends people back to: its registered return address.
    var returnURL: String { configuration.origin + Self.returnPath }

    /// The session for a code from Vestibule's way back; nil when Vestibule refuses the code (used, expired, or
    /// not made for the key this browser holds).
    private func exchange(code: String, exchangeKey: String, for request: Request) throws(VestibuleClientError) -> ExchangeReply? {
        do {
            return try vestibule(for: request).finishHandoff(code: code, exchangeKey: exchangeKey)
        } catch {
            guard error.code == .refused || error.code == .signInRequired else { throw error }
            return nil
        }
    }

    /// Starts a hand-off at Vestibule (bringing the shopper's guest along, if any), keeps its exchange key in
    /// this browser, and sends the browser to Vestibule's page.
    private func handOff(_ handoffRequest: HandoffRequest, shopper: Shopper, request: Request) throws -> Response {
        let handoff = try vestibule(for: request).startHandoff(handoffRequest, bringing: shopper.guestToken.map { .guest(token: $0) })
        // Vestibule's pages go on in the language the shopper reads here.
        var response = try redirect(to: handoff.url + "?lang=\(shopper.language.rawValue)", shopper: shopper)
        try cookies.handoff.set(handoff.exchangeKey, on: &response)
        return response
    }
}
