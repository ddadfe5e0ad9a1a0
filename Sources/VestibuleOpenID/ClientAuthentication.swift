import Foundation
import VestibuleCore
import VestibuleHTTP

/// Which app is calling the token, revocation or introspection endpoint, proven as its registration says:
/// a confidential client with its key as the client secret (HTTP Basic or in the form), a public client by its
/// id alone (`none`), which only redeems and refreshes what PKCE bound to it.
enum ClientAuthentication {
    static let methods = ["client_secret_basic", "client_secret_post", "none"]

    /// The authenticated client.
    /// - Throws: ``OAuthError`` `invalid_client` (401) for an unknown client, a wrong secret, a confidential
    ///   client without one, or two methods at once.
    static func client(of request: Request, form: FormFields, apps: AppRegistry) throws(OAuthError) -> RegisteredApp {
        let basic = try basicCredentials(request)
        if basic != nil, form["client_secret"] != nil {
            throw OAuthError.invalidRequest("Authenticate with one method: HTTP Basic or client_secret, not both.")
        }
        let clientID = basic?.id ?? form["client_id"]
        let secret = basic?.secret ?? form["client_secret"]
        guard let clientID, let app = apps.app(id: clientID), let settings = app.openID else {
            throw OAuthError.invalidClient("Unknown client.", basic: basic != nil)
        }
        if let formID = form["client_id"], formID != clientID {
            throw OAuthError.invalidRequest("client_id does not match the authenticated client.")
        }
        if settings.isPublic {
            guard secret == nil else { throw OAuthError.invalidClient("A public client has no secret.", basic: basic != nil) }
            return app
        }
        guard let secret, app.isKey(secret) else {
            throw OAuthError.invalidClient("The client secret is missing or wrong.", basic: basic != nil)
        }
        return app
    }

    /// `Authorization: Basic` with the id and secret each form-encoded first (RFC 6749 2.3.1).
    private static func basicCredentials(_ request: Request) throws(OAuthError) -> (id: String, secret: String)? {
        guard let header = request.headers["Authorization"] else { return nil }
        guard header.count > 6, header.prefix(6).lowercased() == "basic " else { return nil }
        guard let decoded = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
              let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":"),
              let id = formDecoded(text[..<colon]), let secret = formDecoded(text[text.index(after: colon)...])
        else { throw OAuthError.invalidClient("The Basic credentials are malformed.", basic: true) }
        return (id, secret)
    }

    private static func formDecoded(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
