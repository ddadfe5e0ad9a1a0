import VestibuleHTTP

/// The parameters of `/auth/authorize`, checked as Apple checks them before it shows its page.
///
/// The consent page carries them on as hidden fields and its POST is checked again, so the emulator keeps no
/// state for a sign-in in progress.
struct AuthorizationRequest: Sendable {
    enum ResponseMode: String, Sendable {
        case query
        case fragment
        case formPost = "form_post"
    }

    let clientID: String
    let client: AppleEmulator.RegisteredClient
    let redirectURI: String
    /// `code id_token`: the response carries an identity token next to the code.
    let wantsIDToken: Bool
    let responseMode: ResponseMode
    let wantsName: Bool
    let wantsEmail: Bool
    let state: String?
    let nonce: String?
    /// The parameters as sent, for the consent page's hidden fields.
    let parameters: [(String, String)]

    static let parameterNames = ["client_id", "redirect_uri", "response_type", "response_mode", "scope", "state", "nonce"]

    /// - Parameter clients: the registered client that owns a client ID.
    init(
        _ fields: URLEncodedFields, clients: (String) -> AppleEmulator.RegisteredClient?
    ) throws(AuthorizationError) {
        guard let clientID = fields["client_id"], let client = clients(clientID) else {
            throw AuthorizationError(error: "invalid_client", hint: "Register the client_id in the emulator's configuration.")
        }
        guard let redirectURI = fields["redirect_uri"], client.redirectURIs.contains(redirectURI) else {
            throw AuthorizationError(
                error: "invalid_request", description: "Invalid web redirect url.",
                hint: "Registered for \(clientID): \(client.redirectURIs.joined(separator: ", "))."
            )
        }
        let responseType = Set((fields["response_type"] ?? "").split(separator: " ").map(String.init))
        switch responseType {
        case ["code"], ["code", "id_token"]: break
        case ["id_token"]:
            throw AuthorizationError(error: "invalid_request", description: "Requesting only id_token is unsupported.")
        default:
            throw AuthorizationError(error: "unsupported_response_type", hint: "Use code, or code id_token.")
        }
        let scopes = Set((fields["scope"] ?? "").split(separator: " ").map(String.init))
        let wantsName = scopes.contains("name")
        let wantsEmail = scopes.contains("email")
        guard let responseMode = ResponseMode(rawValue: fields["response_mode"] ?? "query") else {
            throw AuthorizationError(error: "invalid_request", description: "Invalid response_mode.")
        }
        if (wantsName || wantsEmail) && responseMode != .formPost {
            throw AuthorizationError(
                error: "invalid_request", description: "response_mode must be form_post when name or email scope is requested."
            )
        }
        let wantsIDToken = responseType.contains("id_token")
        if wantsIDToken && responseMode == .query {
            throw AuthorizationError(
                error: "invalid_request",
                description: "When requesting id_token, response_mode must be either fragment or form_post."
            )
        }
        self.clientID = clientID
        self.client = client
        self.redirectURI = redirectURI
        self.wantsIDToken = wantsIDToken
        self.responseMode = responseMode
        self.wantsName = wantsName
        self.wantsEmail = wantsEmail
        self.state = fields["state"]
        self.nonce = fields["nonce"]
        self.parameters = Self.parameterNames.compactMap { name in fields[name].map { (name, $0) } }
    }
}

/// An authorization request Apple would refuse on its own page, without returning to the relying party.
struct AuthorizationError: Error {
    /// What Apple's page shows in large type: `invalid_request`, `invalid_client`.
    let error: String
    /// Apple's text under it, where one is known.
    var description: String?
    /// A line for the developer that Apple would not show (what is registered, what would work).
    var hint: String?
}
