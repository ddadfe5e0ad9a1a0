/// The paths of Vestibule's JSON API (`docs/api.md`), for the server's router and for clients alike.
///
/// A path with a name in it is a function: the server passes its router's placeholder (`":name"`), a client
/// the name itself, so both spell the path once.
public enum APIPath {
    public static let guests = "/api/v1/guests"
    public static let guestClaim = "/api/v1/guests/claim"
    public static let guestTicket = "/api/v1/guests/ticket"

    public static let documents = "/api/v1/documents"
    /// `/api/v1/documents/{name}`; names are `[A-Za-z0-9._-]{1,64}`, which need no escaping.
    public static func document(_ name: String) -> String { "\(documents)/\(name)" }

    public static let handoffs = "/api/v1/handoffs"
    public static let handoffExchange = "/api/v1/handoffs/exchange"

    public static let session = "/api/v1/session"
    public static let token = "/api/v1/token"
    public static let forwardAuth = "/api/v1/forward-auth"
    /// The keys access tokens are signed with: not under `/api/v1`, where RFC 8414 and OpenID put it.
    public static let jwks = "/.well-known/jwks.json"

    /// `/api/v1/account/fields/{name}`: a field of the data policy.
    public static func accountField(_ name: String) -> String { "/api/v1/account/fields/\(name)" }

    public static let passkeyRegistrationOptions = "/api/v1/passkeys/registration/options"
    public static let passkeyRegistration = "/api/v1/passkeys/registration"
    public static let passkeySignUpOptions = "/api/v1/passkeys/sign-up/options"
    public static let passkeyAuthenticationOptions = "/api/v1/passkeys/authentication/options"
    public static let passkeyAuthentication = "/api/v1/passkeys/authentication"

    public static let appleNonce = "/api/v1/apple/nonce"
    public static let appleNative = "/api/v1/apple/native"
}
