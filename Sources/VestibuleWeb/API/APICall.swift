import Foundation
import VestibuleCore
import VestibuleHTTP

/// One request to the JSON API (passkeys, Sign in with Apple for apps), with what its handler needs: who is calling (cookie or bearer session),
/// the decoded body, and replies in the caller's language.
struct APICall {
    let app: WebApp
    let request: Request
    let visitor: Visitor

    /// Refuses requests a cross-site page could have sent: JSON only (every POST, and every body), from this
    /// origin, and with the page's anti-forgery token when the browser sent cookies (a native app sends none).
    /// A `DELETE` without a body needs no `Content-Type`: no form can send one.
    func checkProvenance() throws {
        let isJSON = request.headers["Content-Type"]?.lowercased().hasPrefix("application/json") == true
        guard isJSON || (request.method != .post && request.body.isEmpty) else {
            throw APIRefusal(status: .unsupportedMediaType, code: "jsonRequired", message: text(.passkeyFailed))
        }
        try app.csrf.checkOrigin(request)
        guard request.headers["Cookie"] != nil else { return }
        let presented = request.headers["X-CSRF-Token"] ?? ""
        guard app.csrf.isValid(presented, for: visitor.csrfBinding) else {
            throw APIRefusal(status: .forbidden, code: "csrf", message: text(.errorFormExpiredBody))
        }
    }

    /// The signed-in account (see ``signedIn()``).
    func account() throws -> Account? {
        try signedIn()?.account
    }

    /// The session and its account: by the session cookie, or by `Authorization: Bearer` for native apps.
    func signedIn() throws -> (session: Session, account: Account)? {
        if let session = visitor.session, let account = visitor.account { return (session, account) }
        guard let authorization = request.headers["Authorization"], authorization.hasPrefix("Bearer ") else { return nil }
        let token = SessionToken(value: String(authorization.dropFirst("Bearer ".count)))
        guard let session = try app.services.sessions.authenticate(token),
              let account = try app.services.store.account(id: session.accountID)
        else { return nil }
        return (session, account)
    }

    /// The JSON body; an empty body reads as `{}`.
    func body<Body: Decodable>(_ type: Body.Type) throws -> Body {
        do {
            return try JSONDecoder().decode(type, from: Data(request.body.isEmpty ? Array("{}".utf8) : request.body))
        } catch {
            throw APIRefusal.invalid(text(.passkeyFailed))
        }
    }

    /// Starts a session for the account: a cookie for browsers, or the token in the reply for native apps.
    func signedIn(
        _ accountID: AccountID, method: SignInMethod, delivery: SessionDelivery?, redirect: String
    ) throws -> Response {
        guard delivery == .token else {
            var response = try Response.json(CeremonyReply(accountID: accountID.rawValue, redirect: redirect))
            try app.startSession(accountID, method: method, visitor: visitor, request: request, on: &response)
            return response
        }
        let (_, token) = try app.services.sessions.signIn(
            accountID: accountID, method: method, userAgent: request.headers["User-Agent"] ?? "", replacing: nil
        )
        return try .json(CeremonyReply(accountID: accountID.rawValue, redirect: redirect, sessionToken: token.value))
    }

    /// The button title a native app shows for the device's biometry (AUTH-10, AUTH-11). Web pages ask
    /// for none: they cannot know which biometry the device has, so they say "passkey".
    func labels(for biometry: BiometryType?, purpose: CeremonyKind) -> NativeLabels? {
        biometry.map { NativeLabels(action: text($0.actionKey(for: purpose))) }
    }

    func reply(_ refusal: APIRefusal) throws -> Response {
        try Response.json(APIErrorReply(error: refusal.code, message: refusal.message), status: refusal.status)
    }

    func text(_ key: TextKey) -> String {
        app.localization.catalog(for: visitor.language).text(key)
    }

    /// A transport-level refusal (rate limit, wrong origin) in the caller's language.
    func refusalText(for error: HTTPError) -> String {
        switch error.status {
        case .tooManyRequests: text(.errorTooManyRequestsBody)
        case .forbidden: text(.errorFormExpiredBody)
        default: text(.passkeyFailed)
        }
    }
}
