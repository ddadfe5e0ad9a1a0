import VestibuleHTML

/// The bookstore's cookies: all HttpOnly and SameSite=Lax, `__Host-` and Secure over HTTPS (``HostCookie``).
/// Named apart from Vestibule's, since browsers share cookies between ports of one host (`localhost`).
struct BookstoreCookies: Sendable {
    /// A random value that the forms' anti-forgery tokens are bound to; it names no one, and is set on the first
    /// page, so browsing creates no guest.
    let visitor: HostCookie
    /// The guest's token (`vg_…`): set when "Add to cart" creates the guest, cleared once it is claimed.
    let guest: HostCookie
    /// The signed-in shopper's tokens (``ShopperSession``).
    let session: HostCookie
    /// A sign-in under way (``OpenIDSignIn/cookieValue``): its `state`, `nonce` and PKCE verifier prove, when the
    /// browser comes back with a code, that this browser started it.
    let signIn: HostCookie
    /// The language chosen with `?lang=`.
    let language: HostCookie

    /// Vestibule forgets guests unseen for 30 days, and ends grants 30 days after sign-in at the latest.
    static let thirtyDays = 30 * 24 * 3600
    /// As long as Vestibule keeps the authorization request waiting: the person may take a while on its pages
    /// (signing up, confirming an address).
    static let signInLifetime = 30 * 60

    init(secure: Bool) {
        visitor = HostCookie(baseName: "bookstore_visitor", secure: secure, maxAge: nil)
        guest = HostCookie(baseName: "bookstore_guest", secure: secure, maxAge: Self.thirtyDays)
        session = HostCookie(baseName: "bookstore_session", secure: secure, maxAge: Self.thirtyDays)
        signIn = HostCookie(baseName: "bookstore_sign_in", secure: secure, maxAge: Self.signInLifetime)
        language = HostCookie(baseName: "bookstore_lang", secure: secure, maxAge: 365 * 24 * 3600)
    }
}
