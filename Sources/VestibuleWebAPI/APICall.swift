import VestibuleAPI
import Foundation
import VestibuleCore
import VestibuleHTTP
import VestibuleJSON
import VestibuleLocalization
import VestibuleSite

/// One request to the JSON API (passkeys, Sign in with Apple for apps, guests and documents), with what its
/// handler needs: who is calling (cookie or bearer session, or a guest), the decoded body, and replies in the
/// caller's language.
struct APICall {
    let site: Site
    let request: Request
    let visitor: Visitor

    /// Refuses requests a cross-site page could have sent: bodies in JSON only, from this origin, and writes with
    /// the page's anti-forgery token when the browser sent cookies (a native app or an app's server sends none).
    /// A read needs no token: Vestibule grants no CORS, so another site's page cannot see the answer.
    func checkProvenance() throws {
        guard request.body.isEmpty || request.headers["Content-Type"]?.lowercased().hasPrefix("application/json") == true else {
            throw APIRefusal(status: .unsupportedMediaType, code: "jsonRequired", message: text(.passkeyFailed))
        }
        try site.csrf.checkOrigin(request)
        guard request.headers["Cookie"] != nil, request.method != .get, request.method != .head else { return }
        let presented = request.headers["X-CSRF-Token"] ?? ""
        guard site.csrf.isValid(presented, for: visitor.csrfBinding) else {
            throw APIRefusal(status: .forbidden, code: "csrf", message: text(.errorFormExpiredBody))
        }
    }

    /// The signed-in account (see ``signedIn()``).
    func account() throws -> Account? {
        try signedIn()?.account
    }

    /// The token of `Authorization: Bearer`, if the caller sent one: a session's or a guest's.
    var bearerToken: String? { Self.bearerToken(of: request) }

    private static func bearerToken(of request: Request) -> String? {
        guard let authorization = request.headers["Authorization"], authorization.hasPrefix("Bearer ") else { return nil }
        return String(authorization.dropFirst("Bearer ".count))
    }

    /// The session and its account: by the session cookie, or by `Authorization: Bearer` for native apps.
    func signedIn() throws -> (session: Session, account: Account)? {
        if let session = visitor.session, let account = visitor.account { return (session, account) }
        return try Self.signedInByBearer(request, site: site)
    }

    /// The session and its account that `Authorization: Bearer` proves, if it carries a session's token.
    static func signedInByBearer(_ request: Request, site: Site) throws -> (session: Session, account: Account)? {
        guard let bearerToken = bearerToken(of: request), GuestToken(presented: bearerToken) == nil else { return nil }
        return try site.services.sessions.authenticate(SessionToken(value: bearerToken))
    }

    /// The guest that `Authorization: Bearer vg_…` proves; `nil` without a guest token or for a guest that is
    /// gone (claimed by an account, or inactive too long).
    func guest() throws -> Guest? {
        guard let bearerToken, let token = GuestToken(presented: bearerToken) else { return nil }
        return try site.services.guests.authenticate(token)
    }

    /// The JSON body; an empty body reads as `{}`.
    func body<Body: Decodable>(_ type: Body.Type) throws -> Body {
        do {
            return try JSONDecoder().decodeStrictly(type, from: request.body.isEmpty ? Array("{}".utf8) : request.body)
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
            try site.startSession(accountID, method: method, visitor: visitor, request: request, on: &response)
            return response
        }
        let token = try site.beginSession(accountID, method: method, request: request, replacing: nil)
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
        site.localization.catalog(for: visitor.language).text(key)
    }

    /// A transport-level refusal (rate limit, wrong origin) in the caller's language.
    func refusalText(for error: HTTPError) -> String {
        switch error.status {
        case .tooManyRequests: text(.errorTooManyRequestsBody)
        case .serviceUnavailable: text(.errorBusyBody)
        case .forbidden: text(.errorFormExpiredBody)
        case .locked: text(.errorAccountDisabledBody)
        default: text(.passkeyFailed)
        }
    }
}
