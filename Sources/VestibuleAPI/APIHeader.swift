/// The request header fields of Vestibule's own that the JSON API reads (`docs/api.md`, "Apps' servers").
public enum APIHeader {
    /// A registered app's key, sent only by the app's server: hand-offs need it, and with it Vestibule counts
    /// calls per visitor rather than against the server's address.
    public static let appKey = "X-Vestibule-App-Key"
    /// The address of the visitor an app's server calls for; read only beside a valid ``appKey``.
    public static let clientAddress = "X-Vestibule-Client-Address"
    /// The page's anti-forgery token, which cookie-authenticated writes need.
    public static let csrfToken = "X-CSRF-Token"
}
