/// Signing in through Vestibule from another origin: the hand-off, its exchange, and the session it gives.
extension VestibuleClient {
    /// Asks Vestibule for a hand-off: a page on Vestibule's origin to send the browser to, and the key that
    /// alone, with the bookstore's app key, can exchange the code Vestibule sends back to `returnTo`. With
    /// `guest`, the guest's documents move into the account the person signs in to, by the merge rule the
    /// bookstore is registered with.
    public func startHandoff(_ request: HandoffRequest, bringing guest: Owner?) throws(VestibuleClientError) -> Handoff {
        let call = "POST /api/v1/handoffs"
        let body = try encode(request, call: call)
        let response = try send(.post, "/api/v1/handoffs", owner: guest, body: body)
        let handoff = try decode(Handoff.self, from: response, call: call)
        // The browser is sent there: only ever to Vestibule itself.
        guard handoff.url.hasPrefix(origin + "/") else {
            throw VestibuleClientError(.unexpectedReply, call: "\(call): the hand-off page is not on Vestibule's origin")
        }
        return handoff
    }

    /// Exchanges the one-time code Vestibule sent back with the browser for a session of the account, proving
    /// with `exchangeKey` that the bookstore is the app that asked.
    public func exchange(code: String, exchangeKey: String) throws(VestibuleClientError) -> SignedIn {
        let call = "POST /api/v1/handoffs/exchange"
        let body = try encode(Exchange(code: code, exchangeKey: exchangeKey), call: call)
        return try decode(SignedIn.self, from: try send(.post, "/api/v1/handoffs/exchange", body: body), call: call)
    }

    /// Who the session belongs to and how they signed in; nil when the session has ended (signed out, expired,
    /// revoked from Vestibule's account page).
    public func session(of owner: Owner) throws(VestibuleClientError) -> SessionStatus? {
        let call = "GET /api/v1/session"
        let response = try send(.get, "/api/v1/session", owner: owner, handled: [401])
        guard response.status != 401 else { return nil }
        return try decode(SessionStatus.self, from: response, call: call)
    }

    /// Ends the session (the bookstore's "Sign out"); a session that had ended already is not an error.
    public func endSession(of owner: Owner) throws(VestibuleClientError) {
        _ = try send(.delete, "/api/v1/session", owner: owner, handled: [401])
    }

    private struct Exchange: Encodable {
        let code: String
        let exchangeKey: String
    }
}

/// The body of `POST /api/v1/handoffs`.
public struct HandoffRequest: Sendable, Encodable {
    public enum Mode: String, Sendable, Encodable {
        /// Vestibule shows its sign-up page, prefilled with `name` and `email`.
        case signUp
        /// Vestibule shows its sign-in page, for returning customers.
        case signIn
    }

    /// Where Vestibule sends the browser back with `?code=`: one of the bookstore's registered return addresses.
    public var returnTo: String
    public var mode: Mode
    /// What the person already told the app, so Vestibule's sign-up page need not ask again (SIWA-6).
    public var name: String?
    public var email: String?

    public init(returnTo: String, mode: Mode, name: String? = nil, email: String? = nil) {
        self.returnTo = returnTo
        self.mode = mode
        self.name = name
        self.email = email
    }
}

/// The reply to `POST /api/v1/handoffs`.
public struct Handoff: Sendable, Decodable {
    /// Vestibule's page for this hand-off, to send the browser to.
    public let url: String
    /// The secret that proves, at the exchange, that the one exchanging is the app that asked: kept by the app
    /// (here, in an HttpOnly cookie of the browser that started the hand-off), never given to Vestibule's page.
    public let exchangeKey: String
}

/// A session for the account, from `POST /api/v1/handoffs/exchange`.
public struct SignedIn: Sendable, Decodable {
    public let sessionToken: String
    public let accountID: String
    public let signedInWith: String
}

/// The part of `GET /api/v1/session` the bookstore shows.
public struct SessionStatus: Sendable, Decodable, Equatable {
    public let accountID: String
    public let displayName: String?
    public let email: String?
    /// `apple`, `passkey` or `password`: the method the session was started with (SIWA-8).
    public let signedInWith: String
}
