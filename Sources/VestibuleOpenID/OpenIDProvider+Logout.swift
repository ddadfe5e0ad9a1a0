import Foundation
import VestibuleCore
import VestibuleHTTP
import VestibuleSite

extension OpenIDProvider {
    /// RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0). An app that names the person with an ID
    /// token it received (`id_token_hint`) signs them out of Vestibule at once; without a hint, or with another
    /// person's, nobody is signed out by a link someone could have sent, and the browser goes to the account page,
    /// which has its own "Sign out". Either way every app of the ended session is told by back-channel logout, and
    /// the browser goes back to a registered `post_logout_redirect_uri` with `state`.
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
        var destination = "/"
        if let uri = parameters["post_logout_redirect_uri"] {
            guard let clientID, let settings = site.configuration.apps.app(id: clientID)?.openID,
                  settings.postLogoutRedirectURIs.contains(uri)
            else {
                throw HTTPError(.badRequest, "post_logout_redirect_uri is not registered for the client.")
            }
            destination = Self.adding(state: parameters["state"], to: uri)
        }
        var response = Response.redirect(to: destination)
        guard let token = visitor.token, let account = visitor.account else { return response }
        guard hinted?.subject == account.id.rawValue else { return .redirect(to: "/account") }
        try site.services.sessions.signOut(token)
        try site.sessionCookie.clear(on: &response)
        logouts.nudge()
        return response
    }

    private static func adding(state: String?, to uri: String) -> String {
        guard let state, var components = URLComponents(string: uri) else { return uri }
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "state", value: state)]
        return components.string ?? uri
    }
}
