import VestibuleHTTPClient

/// Vestibule's JSON API (`docs/api.md`) for a Swift app: guests and their documents, hand-offs, sessions, access
/// tokens, and the network half of native sign-in. ``AccessTokenVerifier`` checks access tokens offline.
///
/// Calls are made server to server or from a native app: no cookies and no `Origin` go with them, so Vestibule
/// asks no anti-forgery token; guests and accounts are named by `Authorization: Bearer`.
///
/// Every call blocks (libcurl) for at most the transport's timeout: make them from a thread that may block (a
/// server's worker thread, a detached task's), never from Swift's cooperative pool.
public struct VestibuleClient: Sendable {
    /// Vestibule's origin: `https://id.example.com`, no trailing slash.
    public let origin: String
    /// The id of the app's registration (`docs/api.md`, "Apps"): its OpenID Connect client id.
    public let appID: String?
    /// The key of the app's registration, sent as `X-Vestibule-App-Key`: hand-offs and guest tickets need it, with
    /// it Vestibule counts calls per visitor (``visitorAddress``) rather than against the app's address, and it is
    /// the app's OpenID Connect client secret. Only an app's server may hold it.
    let appKey: String?
    /// The address of the visitor the calls are made for, sent as `X-Vestibule-Client-Address` beside the key.
    public private(set) var visitorAddress: String?
    let transport: any VestibuleTransport

    /// A client of the Vestibule at `origin`.
    ///
    /// - Parameters:
    ///   - appID: the app's id, for signing in with OpenID Connect.
    ///   - appKey: the app's key, for an app's server; a native app has none.
    ///   - transport: how requests travel; libcurl unless the app routes them itself.
    public init(
        origin: String, appID: String? = nil, appKey: String? = nil, transport: any VestibuleTransport = .standard
    ) {
        self.origin = origin.hasSuffix("/") ? String(origin.dropLast()) : origin
        self.appID = appID
        self.appKey = appKey
        self.transport = transport
    }

    /// This client, making its calls for the visitor at `address` (the app's own request's client address): with
    /// an app key, Vestibule counts them against that visitor's own limit. Without a key the address is not sent,
    /// as Vestibule would not trust it.
    public func forVisitor(at address: String) -> VestibuleClient {
        var client = self
        client.visitorAddress = address
        return client
    }
}
