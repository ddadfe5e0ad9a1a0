/// What proves a session to `GET /api/v1/session`: the token an app holds, or the session cookie a browser sent
/// to a server on Vestibule's own site.
public enum SessionCredential: Sendable, Equatable {
    /// A session token (`Authorization: Bearer`): a native app's, or an app's server's from a hand-off.
    case token(String)
    /// The value of Vestibule's session cookie, as a browser sent it to a server that shares Vestibule's site
    /// (`shop.example.com` beside `id.example.com`). Only that cookie is passed on, never the app's own.
    case cookie(String)
}
