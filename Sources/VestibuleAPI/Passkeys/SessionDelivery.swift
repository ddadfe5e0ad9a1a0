/// How a session that a sign-in starts reaches the caller.
public enum SessionDelivery: String, Codable, Sendable {
    /// As the session cookie: browsers. The default.
    case cookie
    /// As `sessionToken` in the reply, for `Authorization: Bearer`: native apps.
    case token
}
