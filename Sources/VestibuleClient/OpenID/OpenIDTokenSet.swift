import Foundation

/// What the token endpoint gives an app: an access token for five minutes, the refresh token that gets the next
/// one, and, at sign-in, the ID token.
public struct OpenIDTokenSet: Sendable, Equatable, Decodable {
    /// A bearer token for userinfo and, with the `documents` scope, the JSON API's documents.
    public let accessToken: String
    /// Rotated at every use: keep the newest, as one presented twice ends the whole grant.
    public let refreshToken: String?
    public let idToken: String?
    /// Seconds the access token lives.
    public let expiresIn: Int
    public let scope: String?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case idToken = "id_token"
        case expiresIn = "expires_in"
        case scope
    }
}
