/// Whose documents a call reads or writes, and the secret that proves it, sent as `Authorization: Bearer`: a
/// guest's token (`vg_…`, made before any sign-in) or an account's session token (from a hand-off's exchange or
/// a native sign-in).
public enum Owner: Sendable, Equatable {
    case guest(token: String)
    case account(sessionToken: String)

    /// The bearer secret; never logged, never put in an error message.
    public var bearer: String {
        switch self {
        case .guest(let token): token
        case .account(let sessionToken): sessionToken
        }
    }

    public var isGuest: Bool {
        if case .guest = self { true } else { false }
    }
}
