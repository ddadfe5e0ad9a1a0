public import VestibuleHTTP

/// A cookie of ours: over HTTPS `__Host-` prefixed and `Secure`, which pins it to this host and path `/`;
/// always `HttpOnly` (no script can read it) and `SameSite=Lax`.
public struct HostCookie: Sendable {
    public let baseName: String
    public let secure: Bool
    /// Seconds the browser keeps it; `nil` for a cookie that ends with the browser session.
    public let maxAge: Int?
    /// Kept rather than computed: it is looked up on every request.
    public let name: String

    public init(baseName: String, secure: Bool, maxAge: Int?) {
        self.baseName = baseName
        self.secure = secure
        self.maxAge = maxAge
        self.name = secure ? "__Host-\(baseName)" : baseName
    }

    /// The value the request presents, if any.
    public func value(in request: Request) -> String? {
        guard let value = request.cookies[name], !value.isEmpty else { return nil }
        return value
    }

    public func set(_ value: String, on response: inout Response) throws(CookieError) {
        response.setCookie(try Cookie(name: name, value: value, maxAge: maxAge, secure: secure))
    }

    public func clear(on response: inout Response) throws(CookieError) {
        response.setCookie(try Cookie.removal(of: name, secure: secure))
    }
}
