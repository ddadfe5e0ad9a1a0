import VestibuleCrypto
public import VestibuleHTTP

/// Defends state-changing requests against cross-site forgery, twice over:
/// the request must come from our own origin (`Origin`, or `Sec-Fetch-Site` when a browser omits it), and
/// a form must carry a token bound to the session (or, signed out, to the visitor cookie), which another
/// site can neither read nor compute.
public struct CSRFGuard: Sendable {
    public static let fieldName = "csrf"

    private let key: [UInt8]
    private let origin: String

    /// - Parameters:
    ///   - key: a secret of at least 32 random bytes; tokens are HMACs under it.
    ///   - origin: this site's origin, e.g. `https://id.example.com`.
    public init(key: [UInt8], origin: String) {
        self.key = key
        self.origin = origin
    }

    /// The token for forms shown to `binding`: what the site ties a visitor's forms to (Vestibule's pages: the
    /// session once signed in, the visitor cookie before; the bookstore: its visitor cookie).
    public func token(for binding: String) -> String {
        Base64URL.encode(HMAC.sha256(key: key, message: Array("csrf|\(binding)".utf8)))
    }

    /// The hidden field that carries `token` in a state-changing form.
    public static func field(_ token: String) -> HTML {
        "<input type=\"hidden\" name=\"\(fieldName)\" value=\"\(token)\">"
    }

    /// Throws 403 unless the request is same-origin and carries the token for `binding`.
    public func check(_ request: Request, binding: String) throws(HTTPError) {
        try checkOrigin(request)
        guard isValid(try request.form()[Self.fieldName] ?? "", for: binding) else {
            throw HTTPError(.forbidden, "The form's anti-forgery token is missing or wrong.")
        }
    }

    /// Whether `presented` is the token for `binding`, compared in constant time.
    public func isValid(_ presented: String, for binding: String) -> Bool {
        ConstantTime.equals(Array(presented.utf8), Array(token(for: binding).utf8))
    }

    /// Same-origin check. Browsers send `Origin` on every cross-origin POST and on same-origin POSTs too;
    /// `Sec-Fetch-Site` covers the few that omit it. A request with neither is not from a modern browser
    /// page, and is let through only because it must also carry the token.
    public func checkOrigin(_ request: Request) throws(HTTPError) {
        if let presented = request.headers["Origin"] {
            guard presented == origin else {
                throw HTTPError(.forbidden, "Cross-origin form submissions are refused.")
            }
        } else if let site = request.headers["Sec-Fetch-Site"], site != "same-origin", site != "none" {
            throw HTTPError(.forbidden, "Cross-site form submissions are refused.")
        }
    }
}
