/// Whose documents a call reads or writes, and the secret that proves it, sent as `Authorization: Bearer`: a
/// guest's token (`vg_…`, made before any sign-in), or for an account a session token (a native sign-in, a
/// hand-off's exchange) or an OpenID Connect access token granted the `documents` scope.
public enum Owner: Sendable, Equatable {
    case guest(token: String)
    case account(token: String)

    /// The bearer secret; never logged, never put in an error message.
    public var bearer: String {
        switch self {
        case .guest(let token), .account(let token): token
        }
    }

    public var isGuest: Bool {
        if case .guest = self { true } else { false }
    }
}
