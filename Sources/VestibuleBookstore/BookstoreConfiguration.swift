/// Where the bookstore listens, where people reach it, and which Vestibule it uses.
public struct BookstoreConfiguration: Sendable, Equatable {
    /// The address to listen on.
    public var host = "127.0.0.1"
    /// 0 asks the kernel for a free port.
    public var port = 8090
    /// Vestibule's origin, as browsers and the bookstore's server both reach it.
    public var vestibuleOrigin = "http://localhost:8080"
    /// The bookstore's own origin, as people reach it; nil means `http://localhost:PORT` (with port 0, the port
    /// ``Bookstore/build(configuration:logger:clock:)`` binds). Vestibule sends people
    /// back to `<origin>/signed-in` after signing in, so that address must be in the bookstore's registration
    /// (Vestibule's `apps` file, `openID.redirectURIs`).
    public var publicURL: String?
    /// The id of the bookstore's registration at Vestibule: its OpenID Connect client id.
    public var appID = "bookstore"
    /// The key of the bookstore's registration at Vestibule (its SHA-256 is in Vestibule's `apps` file): its
    /// client secret, which redeems sign-in codes and refreshes tokens, and which has Vestibule count its calls per
    /// shopper. Without it shoppers can browse and fill carts, but not sign in. A secret: never logged.
    public var appKey: String?
    /// Threads answering requests; each may wait on a call to Vestibule.
    public var workerThreads = 8

    public init() {}

    /// The bookstore's origin without a trailing slash: `http://localhost:8090`.
    public var origin: String { publicURL ?? "http://localhost:\(port)" }

    /// Cookies are `Secure` and `__Host-` prefixed when people reach the bookstore over HTTPS.
    var secure: Bool { origin.hasPrefix("https://") }
}
