import VestibuleCore
import VestibuleHTTP
import VestibuleLocalization
import VestibuleSite

extension OpenIDProvider {
    /// The authorization endpoint (OpenID Connect Core 3.1.2). Until the client and its redirect URI are known
    /// good, a problem is shown to the person and nothing goes anywhere (3.1.2.6: never to an unregistered
    /// address); after, problems go back to the app as `error` parameters.
    func authorize(_ request: Request, parameters: URLEncodedFields) throws -> Response {
        guard let clientID = parameters["client_id"], let app = site.configuration.apps.app(id: clientID),
              let client = app.openID
        else {
            throw HTTPError(.badRequest, "client_id does not name an OpenID client registered with this Vestibule.")
        }
        guard let redirectURI = parameters["redirect_uri"], client.allowsRedirect(to: redirectURI) else {
            throw HTTPError(.badRequest, "redirect_uri is not one of the client's registered redirect URIs.")
        }
        let visitor = try site.visitor(of: request)
        let state = parameters["state"]
        func refuse(_ error: String, _ description: String) -> Response {
            site.refuseAuthorization(redirectURI: redirectURI, state: state, error: error, description: description)
        }

        if let repeated = ["client_id", "redirect_uri", "response_type", "scope", "state", "nonce", "code_challenge", "prompt"]
            .first(where: { parameters.values($0).count > 1 })
        {
            return refuse("invalid_request", "\(repeated) is repeated.")
        }
        guard parameters["request"] == nil else { return refuse("request_not_supported", "Request objects are not supported.") }
        guard parameters["request_uri"] == nil else {
            return refuse("request_uri_not_supported", "request_uri is not supported.")
        }
        guard let responseType = parameters["response_type"] else { return refuse("invalid_request", "response_type is required.") }
        guard responseType == "code" else {
            return refuse("unsupported_response_type", "Only the authorization code flow (response_type=code) is supported.")
        }
        if let mode = parameters["response_mode"], mode != "query" {
            return refuse("invalid_request", "Only response_mode=query is supported.")
        }
        var scopes = OpenIDScope.granted(from: parameters["scope"] ?? "")
        guard scopes.contains(.openID) else { return refuse("invalid_scope", "scope must include openid.") }
        // The account's documents are every app's: only an app the operator vouches for reaches them.
        if !client.isFirstParty { scopes.removeAll { $0 == .documents } }

        let challenge = parameters["code_challenge"]
        switch (challenge, parameters["code_challenge_method"]) {
        case (nil, _) where client.requiresPKCE:
            return refuse("invalid_request", "code_challenge is required (PKCE, S256).")
        case (.some, let method) where method != "S256":
            return refuse("invalid_request", "code_challenge_method must be S256.")
        case (.some(let value), _) where !Self.isWellFormedChallenge(value):
            return refuse("invalid_request", "code_challenge must be the 43-character base64url SHA-256 of the verifier.")
        default:
            break
        }

        let prompts = Set((parameters["prompt"] ?? "").split(separator: " ").map(String.init))
        guard prompts.isSubset(of: Self.supportedPrompts) else {
            return refuse("invalid_request", "prompt may be none, login, consent, select_account or create.")
        }
        guard !prompts.contains("none") || prompts.count == 1 else {
            return refuse("invalid_request", "prompt=none cannot be combined with another value.")
        }
        var maxAge: Int?
        if let text = parameters["max_age"] {
            guard let seconds = Int(text), seconds >= 0 else { return refuse("invalid_request", "max_age must be a number of seconds.") }
            maxAge = seconds
        }
        // `select_account` asks for a choice Vestibule offers by signing in again.
        var requiresFreshSignIn = prompts.contains("login") || prompts.contains("select_account")
        if let maxAge, let session = visitor.session, site.clock().timeIntervalSince(session.createdAt) > Double(maxAge) {
            requiresFreshSignIn = true
        }
        if let hint = parameters["id_token_hint"] {
            guard let hinted = site.openIDTokens.hintedSubject(hint), hinted.audience.contains(app.id) else {
                return refuse("invalid_request", "id_token_hint is not an ID token this provider issued to this client.")
            }
            // Someone else is signed in here: the app expects its own person.
            if let account = visitor.account, account.id.rawValue != hinted.subject { requiresFreshSignIn = true }
        }

        // The app's guest, by the one-time ticket its server got for it (`POST /api/v1/guests/ticket`), with what
        // the app knows of its person.
        var ticket: GuestTicket?
        if let handle = parameters["vestibule_guest_ticket"] {
            guard let redeemed = try site.services.openID.redeemGuestTicket(handle, app: app) else {
                return refuse("invalid_request", "vestibule_guest_ticket is unknown, used, expired or another client's.")
            }
            ticket = redeemed
        }
        let authorization = OpenIDAuthorization(
            appID: app.id, redirectURI: redirectURI, scopes: scopes, state: state, nonce: parameters["nonce"],
            codeChallenge: challenge, requiresFreshSignIn: requiresFreshSignIn, forcesConsent: prompts.contains("consent"),
            loginHint: parameters["login_hint"].map { String($0.prefix(320)) } ?? ticket?.email, nameHint: ticket?.name,
            startsWithSignUp: prompts.contains("create"), guestID: ticket?.guestID, requestedAt: site.clock()
        )
        if prompts.contains("none") {
            guard let session = visitor.session, site.services.openID.isFreshEnough(session, for: authorization) else {
                return refuse("login_required", "Nobody is signed in, and prompt=none forbids asking.")
            }
            guard try !site.services.openID.needsConsent(authorization, app: app, session: session) else {
                return refuse("consent_required", "The person has not allowed this app, and prompt=none forbids asking.")
            }
        }
        var response = try site.continueAuthorization(authorization, app: app, visitor: visitor, request: request)
        // The pages go on in the language the app asked for (`ui_locales`), the first Vestibule speaks.
        // `ui_locales` is space-separated in order of preference, as Accept-Language is comma-separated.
        if let locales = parameters["ui_locales"], visitor.chosenLanguage == nil,
           let language = AcceptLanguage.bestMatch(
               among: Language.allCases.map(\.rawValue), in: locales.split(separator: " ").joined(separator: ",")
           ),
           let location = response.headers["Location"], location.hasPrefix("/")
        {
            response.headers.replace("Location", location + (location.contains("?") ? "&" : "?") + "lang=\(language)")
        }
        return response
    }

    /// OpenID Connect Core 3.1.2.1's values, `select_account` answered by signing in again, and Prompt Create
    /// 1.0's `create`: the sign-up page.
    static let supportedPrompts: Set<String> = ["none", "login", "consent", "select_account", "create"]

    /// RFC 7636 4.2: BASE64URL(SHA256(verifier)) is 43 characters of the base64url alphabet.
    static func isWellFormedChallenge(_ challenge: String) -> Bool {
        challenge.utf8.count == 43 && challenge.utf8.allSatisfy { byte in
            (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte) || (0x30...0x39).contains(byte)
                || byte == 0x2d || byte == 0x5f
        }
    }
}
