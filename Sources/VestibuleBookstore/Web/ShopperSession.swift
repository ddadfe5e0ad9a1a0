import Foundation
import VestibuleClient

/// A signed-in shopper, as the session cookie keeps them: the tokens of the bookstore's grant at Vestibule, and
/// how the person signed in (the ID token's `amr`), which the pages say (SIWA-8).
///
/// The refresh token is worth nothing without the bookstore's app key, and the access token lives five minutes:
/// a copied cookie is worth far less than a session token that lived for weeks.
struct ShopperSession: Sendable, Equatable {
    /// `apple`, `passkey`, `password`, or `other`.
    let method: String
    /// The bearer of the shopper's documents calls (the `documents` scope).
    let accessToken: String
    let refreshToken: String
    let accessTokenExpiresAt: Date

    /// Refreshed this long before it ends, so that no call carries a token that expires on the way.
    static let refreshMargin: TimeInterval = 30

    init(method: String, tokens: OpenIDTokenSet, refreshToken: String, now: Date) {
        self.method = method
        accessToken = tokens.accessToken
        self.refreshToken = refreshToken
        accessTokenExpiresAt = now.addingTimeInterval(TimeInterval(tokens.expiresIn))
    }

    /// The method the pages name, from the ID token's `amr` (`docs/oidc.md`): `fed` is Sign in with Apple.
    static func method(of identity: OpenIDIdentity) -> String {
        if identity.methods.contains("fed") { return "apple" }
        if identity.methods.contains("hwk") { return "passkey" }
        if identity.methods.contains("pwd") { return "password" }
        return "other"
    }

    func needsRefresh(at now: Date) -> Bool {
        now.addingTimeInterval(Self.refreshMargin) >= accessTokenExpiresAt
    }

    /// The same sign-in with the tokens of a refresh; the refresh token it spent is no longer kept.
    func renewed(with tokens: OpenIDTokenSet, now: Date) -> ShopperSession {
        ShopperSession(method: method, tokens: tokens, refreshToken: tokens.refreshToken ?? refreshToken, now: now)
    }

    // MARK: The cookie

    /// `method.expiry.refresh.access`: the access token, a JWT, is last, since it has dots of its own.
    var cookieValue: String {
        "\(method).\(Int(accessTokenExpiresAt.timeIntervalSince1970)).\(refreshToken).\(accessToken)"
    }

    /// The session a cookie keeps; `nil` for a value that is not one (a cookie of an earlier version).
    init?(cookieValue: String) {
        let parts = cookieValue.split(separator: ".", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, ["apple", "passkey", "password", "other"].contains(parts[0]),
              let expiry = Int(parts[1]), !parts[2].isEmpty, !parts[3].isEmpty
        else { return nil }
        method = parts[0]
        accessTokenExpiresAt = Date(timeIntervalSince1970: TimeInterval(expiry))
        refreshToken = parts[2]
        accessToken = parts[3]
    }
}
