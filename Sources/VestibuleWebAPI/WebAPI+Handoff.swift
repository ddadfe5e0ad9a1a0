import Foundation
import VestibuleAPI
import VestibuleCore
import VestibuleHTTP
import VestibuleSite

/// The hand-off's server-to-server calls (`docs/api.md`, "Hand-off"): a registered app asks Vestibule, with its
/// key, to sign its visitor in, bringing the visitor's guest along, then exchanges the one-time code the browser
/// brings back for a session. The browser's part is in `WebApp+Handoff.swift`.
extension WebAPI {
    func installHandoffAPIRoutes(on router: inout Router) {
        router.post(APIPath.handoffs) { request in
            try jsonAPI(request) { call in
                // Only a registered app starts a hand-off: its key says which, and so where the browser may go
                // back to and how its guest's documents merge.
                let app = try call.requiredApp()
                // The guest is optional; a token that proves none is refused rather than dropped silently.
                var guestID: GuestID?
                if call.bearerToken != nil {
                    guard let guest = try call.guest() else { throw APIRefusal.signInRequired }
                    guestID = guest.id
                }
                let body = try call.body(HandoffRequest.self)
                guard app.returnURLs.contains(body.returnTo) else {
                    throw APIRefusal(
                        status: .badRequest, code: "returnToNotAllowed", message: call.text(.handoffReturnToNotAllowed)
                    )
                }
                let (name, email) = try call.prefill(name: body.name, email: body.email)
                let (code, exchangeKey) = try site.services.handoffs.begin(
                    for: app, returnTo: body.returnTo, mode: Handoff.Mode(body.mode), name: name, email: email, guestID: guestID
                )
                return try .json(
                    HandoffReply(url: "\(site.configuration.origin)/handoff/\(code)", exchangeKey: exchangeKey), status: .created
                )
            }
        }
        router.post(APIPath.handoffExchange) { request in
            try jsonAPI(request) { call in
                let app = try call.requiredApp()
                let body = try call.body(ExchangeRequest.self)
                let invalid = APIRefusal(status: .badRequest, code: "invalidCode", message: call.text(.handoffCodeInvalid))
                guard let grant = try site.services.handoffs.exchange(
                    code: body.code, exchangeKey: body.exchangeKey, appID: app.id
                ) else {
                    throw invalid
                }
                do {
                    // Made for the app: it acts for its person, but cannot change how they sign in.
                    let (_, token) = try site.services.sessions.signIn(
                        accountID: grant.accountID, method: grant.method,
                        userAgent: request.headers["User-Agent"] ?? "", replacing: nil, forApp: app.id
                    )
                    return try .json(
                        ExchangeReply(
                            sessionToken: token.value, accountID: grant.accountID.rawValue, signedInWith: grant.method.rawValue
                        )
                    )
                } catch let error as StoreError where error.code == .notFound {
                    throw invalid  // the account was deleted in the two minutes the code lived
                }
            }
        }
    }
}

extension Handoff.Mode {
    /// The page a hand-off opens on, as the app asked.
    init(_ mode: HandoffRequest.Mode) {
        switch mode {
        case .signUp: self = .signUp
        case .signIn: self = .signIn
        }
    }
}
