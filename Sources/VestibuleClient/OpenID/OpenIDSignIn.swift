/// An OpenID Connect sign-in under way: the address to send the browser to, and the secrets that prove, when the
/// browser comes back with a code, that this browser started it. Keep ``cookieValue`` in a cookie of the app's
/// own (HttpOnly) until then.
public struct OpenIDSignIn: Sendable, Equatable {
    /// Vestibule's authorization endpoint with the request's parameters.
    public let url: String
    /// Sent and expected back: a code that arrives with another `state` was not asked for by this browser.
    public let state: String
    /// Sent, and expected in the ID token: a token replayed from another sign-in has another.
    public let nonce: String
    /// PKCE (RFC 7636): only its SHA-256 went out, so a code intercepted on its way back is worthless.
    public let codeVerifier: String

    /// The three secrets in one cookie-safe value (base64url, joined by dots).
    public var cookieValue: String { [state, nonce, codeVerifier].joined(separator: ".") }

    /// The sign-in a cookie kept; `nil` for a value that is not one. Its ``url`` is not kept: it is spent.
    public init?(cookieValue: String) {
        let parts = cookieValue.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let base64URL = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(base64URL.contains) }) else {
            return nil
        }
        self.init(url: "", state: parts[0], nonce: parts[1], codeVerifier: parts[2])
    }

    init(url: String, state: String, nonce: String, codeVerifier: String) {
        self.url = url
        self.state = state
        self.nonce = nonce
        self.codeVerifier = codeVerifier
    }
}
