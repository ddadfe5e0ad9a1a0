/// The body of `POST /api/v1/handoffs`: a registered app's server asks Vestibule to sign its visitor in (or up),
/// bringing the visitor's guest along when the call carries its token.
public struct HandoffRequest: Codable, Sendable, Equatable {
    /// Which of Vestibule's pages the browser lands on.
    public enum Mode: String, Codable, Sendable {
        /// The sign-up page, prefilled with ``HandoffRequest/name`` and ``HandoffRequest/email``.
        case signUp
        /// The sign-in page, for returning customers (email prefilled).
        case signIn
    }

    /// Where Vestibule sends the browser back with `?code=`: one of the app's registered `returnURLs`, exactly.
    public let returnTo: String
    public let mode: Mode
    /// What the app already knows, so the sign-up page need not ask again (SIWA-6): at most 64 characters.
    public let name: String?
    public let email: String?

    public init(returnTo: String, mode: Mode, name: String? = nil, email: String? = nil) {
        self.returnTo = returnTo
        self.mode = mode
        self.name = name
        self.email = email
    }
}
