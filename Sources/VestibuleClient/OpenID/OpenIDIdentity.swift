/// Who signed in, as the verified ID token says.
public struct OpenIDIdentity: Sendable, Equatable {
    /// The account's id: the same for every app.
    public let subject: String
    /// How the person signed in (RFC 8176 `amr`): `hwk` for a passkey, `pwd` for a password, `fed` for Sign in
    /// with Apple.
    public let methods: [String]
    /// Vestibule's session behind the sign-in (`sid`), which back-channel logout tokens name.
    public let sessionID: String?
    public let name: String?
    public let email: String?
}
