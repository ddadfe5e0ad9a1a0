/// What an app's server asks for when it sends its visitor to Vestibule to sign in with OpenID Connect.
public struct OpenIDSignInRequest: Sendable, Equatable {
    /// Which page the visitor meets first when nobody is signed in at Vestibule.
    public enum FirstPage: Sendable, Equatable {
        /// The sign-in page, led by Sign in with Apple.
        case signIn
        /// The sign-up page (`prompt=create`): for a visitor the app knows has no account yet.
        case signUp
    }

    /// One of the app's registered redirect URIs, exactly: the code comes back there.
    public var redirectURI: String
    /// `openid` always; `documents` for the account's documents through the JSON API (first-party apps only).
    public var scopes: [String]
    public var firstPage: FirstPage
    /// A handle from ``VestibuleClient/guestTicket(for:name:email:)``: the guest's documents move into the
    /// account, and what the app knew of its person fills Vestibule's forms.
    public var guestTicket: String?
    /// The language the visitor reads on the app (`en`, `ja`, `de`, `ar`): Vestibule's pages go on in it.
    public var language: String?

    public init(
        redirectURI: String, scopes: [String] = ["openid", "profile", "email"], firstPage: FirstPage = .signIn,
        guestTicket: String? = nil, language: String? = nil
    ) {
        self.redirectURI = redirectURI
        self.scopes = scopes
        self.firstPage = firstPage
        self.guestTicket = guestTicket
        self.language = language
    }
}
