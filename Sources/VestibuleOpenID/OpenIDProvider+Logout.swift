import Foundation
import VestibuleCore
import VestibuleHTTP
import VestibuleSite

extension OpenIDProvider {
    /// RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0). An app that names the person with an ID
    /// token it received (`id_token_hint`) signs them out of Vestibule at once; without a hint, or with another
    /// person's, a link anyone could have sent signs nobody out by itself: the person is asked
    /// (``Site/signOutConfirmationPath``). Either way every app of the ended session is told by back-channel
    /// logout, and the browser goes to a registered `post_logout_redirect_uri` with `state`.
    func endSession(_ request: Request, parameters: URLEncodedFields) throws -> Response {
        let visitor = try site.visitor(of: request)
        var hinted: (subject: String, audience: [String])?
        if let hint = parameters["id_token_hint"] {
            guard let subject = site.openIDTokens.hintedSubject(hint) else {
                throw HTTPError(.badRequest, "id_token_hint is not an ID token this provider issued.")
            }
            hinted = subject
        }
        let clientID = parameters["client_id"] ?? hinted?.audience.first
        if let clientID, let hinted, !hinted.audience.contains(clientID) {
            throw HTTPError(.badRequest, "client_id is not the audience of id_token_hint.")
        }
        let uri = parameters["post_logout_redirect_uri"]
        guard let destination = site.postLogoutDestination(clientID: clientID, uri: uri, state: parameters["state"]) else {
            throw HTTPError(.badRequest, "post_logout_redirect_uri is not registered for the client.")
        }
        guard let account = visitor.account else { return .redirect(to: destination) }
        guard hinted?.subject == account.id.rawValue else {
            var fields: [(String, String)] = []
            if let clientID { fields.append(("client_id", clientID)) }
            if let uri { fields.append(("post_logout_redirect_uri", uri)) }
            if let state = parameters["state"] { fields.append(("state", state)) }
            let query = URLEncodedFields(fields).encoded
            return .redirect(to: Site.signOutConfirmationPath + (query.isEmpty ? "" : "?" + query))
        }
        var response = Response.redirect(to: destination)
        try site.signOut(visitor, request: request, on: &response)
        return response
    }
}
