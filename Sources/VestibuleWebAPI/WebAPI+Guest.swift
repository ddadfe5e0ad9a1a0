import VestibuleAPI
import VestibuleCore
import VestibuleHTTP

/// Guests (`docs/api.md`, "Guests"): an app gives a visitor an identity without any sign-in (SIWA-3, AUTH-1,
/// AUTH-3) and stores the visitor's documents under it; a native app, once its person signs in, claims the
/// guest into the account itself. (Web apps on another origin use the hand-off, which claims at sign-in.)
extension WebAPI {
    func installGuestAPIRoutes(on router: inout Router) {
        // No authentication: anyone may become a guest. Rate-limited per client address by `jsonAPI`.
        router.post(APIPath.guests) { request in
            try jsonAPI(request) { _ in
                let (guest, token) = try site.services.guests.create()
                return try .json(GuestReply(guestID: guest.id.rawValue, guestToken: token.value), status: .created)
            }
        }
        // A registered app's server, holding its guest's token, gets a one-time ticket to bring the guest along an
        // OpenID Connect sign-in (`vestibule_guest_ticket`), with what it knows of its person: none of it goes into
        // a URL.
        router.post(APIPath.guestTicket) { request in
            try jsonAPI(request) { call in
                let app = try call.requiredApp()
                guard app.openID != nil else {
                    throw APIRefusal(status: .forbidden, code: "notAnOpenIDClient", message: call.text(.passkeyFailed))
                }
                guard let guest = try call.guest() else { throw APIRefusal.signInRequired }
                let body = try call.body(GuestTicketRequest.self)
                let (name, email) = try call.prefill(name: body.name, email: body.email)
                let ticket = try site.services.openID.issue(
                    GuestTicket(appID: app.id, guestID: guest.id, name: name, email: email)
                )
                return try .json(
                    GuestTicketReply(ticket: ticket, expiresIn: Int(OpenIDGrants.guestTicketLifetime)), status: .created
                )
            }
        }
        router.post(APIPath.guestClaim) { request in
            try jsonAPI(request) { call in
                guard let (_, account) = try call.signedIn() else { throw APIRefusal.signInRequired }
                let body = try call.body(ClaimRequest.self)
                guard let token = GuestToken(presented: body.guestToken)
                else { throw APIRefusal.invalid(call.text(.passkeyFailed)) }
                guard let guest = try site.services.guests.authenticate(token) else { throw APIRefusal.guestNotFound(call) }
                do {
                    let merge = body.merge.map(DocumentMergeRule.init) ?? .default
                    return try .json(ClaimReply(try site.services.guests.claim(guest.id, into: account.id, merging: merge)))
                } catch let error as StoreError where error.code == .notFound {
                    // Claimed by a concurrent call between the check and the claim.
                    throw APIRefusal.guestNotFound(call)
                }
            }
        }
    }
}

extension DocumentMergeRule {
    /// The rule an API call names.
    init(_ rule: MergeRule) {
        switch rule {
        case .keepBoth: self = .keepBoth
        case .preferAccount: self = .preferAccount
        case .preferGuest: self = .preferGuest
        case .lastWriter: self = .lastWriter
        }
    }
}

extension ClaimReply {
    /// What a claim did, as the API reports it.
    init(_ claim: GuestClaim) {
        self.init(moved: claim.moved, renamed: claim.renamed, replaced: claim.replaced, discarded: claim.discarded)
    }
}

extension APIRefusal {
    static func guestNotFound(_ call: APICall) -> APIRefusal {
        APIRefusal(status: .notFound, code: "notFound", message: call.text(.guestNotFound))
    }
}
