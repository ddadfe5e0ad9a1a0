import VestibuleCore
import VestibuleHTTP

/// The cookie that carries the session token. Over HTTPS it is `__Host-` prefixed and `Secure`, which
/// pins it to this host and path `/`; it is always `HttpOnly` (no script can read it) and `SameSite=Lax`.
struct SessionCookie: Sendable {
    let secure: Bool
    let maxAge: Int

    var name: String { secure ? "__Host-vestibule_session" : "vestibule_session" }

    /// The token the request presents, if any. Malformed cookie headers are treated as no session rather
    /// than an error, so a broken cookie never locks someone out of the sign-in page.
    func token(in request: Request) -> SessionToken? {
        guard let cookies = try? request.cookies(), let value = cookies[name], !value.isEmpty else { return nil }
        return SessionToken(value: value)
    }

    func set(_ token: SessionToken, on response: inout Response) throws(CookieError) {
        response.setCookie(try Cookie(name: name, value: token.value, maxAge: maxAge, secure: secure))
    }

    func clear(on response: inout Response) throws(CookieError) {
        response.setCookie(try Cookie.removal(of: name, secure: secure))
    }
}
