import Foundation
import VestibuleHTTP

extension AppleEmulator {
    /// `GET /auth/authorize`: the consent page, or Apple's error page for a request it refuses.
    func authorizationPage(_ request: Request) -> Response {
        do throws(AuthorizationError) {
            var page = ConsentPage(request: try AuthorizationRequest(request.query, clients: client(for:)))
            if let remembered = RememberedAppleID.read(from: request) { page.appleID = remembered }
            return page.response
        } catch {
            return ErrorPage(error: error).response
        }
    }

    /// `POST /auth/authorize`: Continue or Cancel on the consent page. Continue authorizes (a first time, or
    /// again) and returns code, identity token, state and, on a first authorization, `user`.
    func consent(_ request: Request) throws -> Response {
        let form = try request.form()
        let authorizationRequest: AuthorizationRequest
        do throws(AuthorizationError) {
            authorizationRequest = try AuthorizationRequest(form, clients: client(for:))
        } catch {
            return ErrorPage(error: error).response
        }
        var fields: [(String, String)] = []
        guard form["action"] == "continue" else {
            fields.append(("error", "user_cancelled_authorize"))
            if let state = authorizationRequest.state { fields.append(("state", state)) }
            return deliver(fields, for: authorizationRequest)
        }
        let name = PersonName(firstName: form["first_name"] ?? "", lastName: form["last_name"] ?? "")
        let hideEmail = form["email_choice"] == "hide"
        let appleID = (form["apple_id"] ?? "").trimmingCharacters(in: .whitespaces)
        guard Self.isPlausibleAppleID(appleID) else {
            return ConsentPage(
                request: authorizationRequest, appleID: appleID, name: name, hideEmail: hideEmail,
                problem: "Enter the email address of an Apple ID."
            ).response
        }
        let (authorization, isNew) = authorize(
            AppleIDKey(teamID: authorizationRequest.client.teamID, appleID: appleID),
            name: authorizationRequest.wantsName ? name : nil,
            email: authorizationRequest.wantsEmail ? (hide: hideEmail, address: appleID) : nil
        )
        let now = clock()
        let code = issueCode(
            for: authorization, clientID: authorizationRequest.clientID, redirectURI: authorizationRequest.redirectURI,
            nonce: authorizationRequest.nonce, now: now
        )
        if let state = authorizationRequest.state { fields.append(("state", state)) }
        fields.append(("code", code))
        if authorizationRequest.wantsIDToken {
            let occasion = IdentityTokenClaims.Occasion.authorization(
                code: code, nonce: authorizationRequest.nonce, authTime: now, native: false
            )
            fields.append(("id_token", try identityToken(authorization, audience: authorizationRequest.clientID, now: now, occasion)))
        }
        if isNew, let user = UserObject(authorization) { fields.append(("user", user.json)) }
        logger.info("authorized", ["client_id": authorizationRequest.clientID, "sub": authorization.subject, "first": "\(isNew)"])
        var response = deliver(fields, for: authorizationRequest)
        try RememberedAppleID.remember(appleID, on: &response)
        return response
    }

    /// Returns the result to the relying party by the requested response mode.
    private func deliver(_ fields: [(String, String)], for request: AuthorizationRequest) -> Response {
        let encoded = URLEncodedFields(fields).encoded
        switch request.responseMode {
        case .formPost:
            return FormPostPage(redirectURI: request.redirectURI, fields: fields).response
        case .query:
            let separator = request.redirectURI.contains("?") ? "&" : "?"
            return .redirect(to: request.redirectURI + separator + encoded, status: .found)
        case .fragment:
            return .redirect(to: request.redirectURI + "#" + encoded, status: .found)
        }
    }

    /// An address with something on both sides of one `@`: enough to be an Apple ID's name here.
    static func isPlausibleAppleID(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(" ")
    }
}

/// The `user` field of a first web authorization: a JSON string `{"name":{"firstName","lastName"},"email"}`
/// with the parts whose scope was granted.
struct UserObject: Encodable {
    let name: PersonName?
    let email: String?

    /// Nil when neither name nor email was granted: there is nothing to send.
    init?(_ authorization: Authorization) {
        guard authorization.name != nil || authorization.email != nil else { return nil }
        name = authorization.name
        email = authorization.email
    }

    var json: String { String(decoding: AppleJSON.encode(self), as: UTF8.self) }
}
