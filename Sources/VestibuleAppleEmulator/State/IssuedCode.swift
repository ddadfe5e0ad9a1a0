import Foundation

/// An authorization code as the emulator remembers it until it expires.
struct IssuedCode: Sendable {
    let authorizationID: Int
    let clientID: String
    /// The authorization request's `redirect_uri`; nil for a native app's code, exchanged without one.
    let redirectURI: String?
    let nonce: String?
    let authTime: Date
    let expires: Date
    /// Exchanged once already: a second exchange is refused with its own message.
    var used = false
}

/// An access or refresh token: which authorization it belongs to, and which client may use it.
struct IssuedToken: Sendable {
    let authorizationID: Int
    let clientID: String
}
