import Foundation
public import VestibuleCrypto

/// What makes a registered app an OpenID Connect client (`"openID"` in the apps file): where the authorization
/// endpoint may send its codes, where logout may return, where back-channel logout is delivered, and how the
/// app proves itself. Its client id is the app's id; a confidential client's secret is the app's key.
public struct OpenIDClientSettings: Sendable, Equatable {
    /// The exact addresses codes are sent to (OpenID Connect Core 3.1.2.1: simple string comparison), except that a
    /// loopback address (`http://127.0.0.1:PORT/…`, `http://[::1]:PORT/…`) matches on any port, as RFC 8252 7.3
    /// asks of native apps.
    public let redirectURIs: [String]
    /// Where RP-initiated logout may send the browser afterwards, compared exactly.
    public let postLogoutRedirectURIs: [String]
    /// Where a `logout_token` is POSTed when the person's session at Vestibule ends (OpenID Back-Channel Logout).
    public let backchannelLogoutURI: String?
    /// A public client (a native app, a single-page app) holds no secret: it authenticates with `none` and must
    /// use PKCE. A confidential one authenticates with the app's key.
    public let isPublic: Bool
    /// Whether authorization requests must carry a PKCE `S256` challenge. Always for a public client; by default
    /// for a confidential one, which may opt out for apps that send none (Gitea).
    public let requiresPKCE: Bool
    /// The operator's own app: people are not asked to consent (they are told what it receives in "Your data").
    public let isFirstParty: Bool
    /// How ID tokens for this client are signed: RS256 unless the client asks for ES256.
    public let idTokenAlgorithm: JWSAlgorithm

    public init(
        redirectURIs: [String], postLogoutRedirectURIs: [String] = [], backchannelLogoutURI: String? = nil,
        isPublic: Bool = false, requiresPKCE: Bool = true, isFirstParty: Bool = false, idTokenAlgorithm: JWSAlgorithm = .rs256
    ) {
        self.redirectURIs = redirectURIs
        self.postLogoutRedirectURIs = postLogoutRedirectURIs
        self.backchannelLogoutURI = backchannelLogoutURI
        self.isPublic = isPublic
        self.requiresPKCE = requiresPKCE || isPublic
        self.isFirstParty = isFirstParty
        self.idTokenAlgorithm = idTokenAlgorithm
    }

    /// Whether `candidate`, as an authorization request names it, is one of the registered redirect URIs.
    public func allowsRedirect(to candidate: String) -> Bool {
        if redirectURIs.contains(candidate) { return true }
        guard let loopback = Self.withoutLoopbackPort(candidate) else { return false }
        return redirectURIs.contains { Self.withoutLoopbackPort($0) == loopback }
    }

    /// A loopback `http` address without its port, the form two such addresses are compared in; `nil` for any
    /// other address.
    private static func withoutLoopbackPort(_ text: String) -> String? {
        guard var components = URLComponents(string: text), components.scheme == "http",
              let host = components.host, host == "127.0.0.1" || host == "[::1]" || host == "::1"
        else { return nil }
        components.port = nil
        return components.string
    }

    /// Whether `uri` may be registered as a redirect URI: `https`; `http` only to a loopback host; or a native
    /// app's private-use scheme in reverse-domain form (`com.example.app:/callback`, RFC 8252 7.1). Never with a
    /// fragment or credentials.
    public static func isAcceptableRedirectURI(_ uri: String) -> Bool {
        guard let components = URLComponents(string: uri), let scheme = components.scheme?.lowercased(),
              components.fragment == nil, components.user == nil, components.password == nil
        else { return false }
        switch scheme {
        case "https":
            return !(components.host ?? "").isEmpty
        case "http":
            let host = components.host?.lowercased() ?? ""
            return ["localhost", "127.0.0.1", "[::1]", "::1"].contains(host)
        default:
            // A private-use scheme names a domain the app's developer controls, so no other app claims it.
            return scheme.contains(".") && !["javascript", "data", "file", "vbscript"].contains(scheme)
        }
    }
}
