/// The body of a passkey ceremony's answer (`POST …/registration`, `POST …/authentication`): the credential as
/// `PublicKeyCredential.toJSON()` gives it.
///
/// Generic over the credential, like ``PasskeyOptionsReply``: the server decodes its WebAuthn library's types,
/// a client encodes ``RegistrationResponseJSON`` or ``AuthenticationResponseJSON``.
public struct PasskeyCeremonyRequest<Credential> {
    public let credential: Credential
    /// A name for a new passkey (registration only); without one, Vestibule names it after the browser and system.
    public let name: String?
    /// ``SessionDelivery/token`` to receive the session in the reply instead of a cookie (native apps).
    public let sessionDelivery: SessionDelivery?
    /// The secret of the recovery link the registration options were asked with (registration only): the answer
    /// uses it up.
    public let recoveryToken: String?

    public init(
        credential: Credential, name: String? = nil, sessionDelivery: SessionDelivery? = nil, recoveryToken: String? = nil
    ) {
        self.credential = credential
        self.name = name
        self.sessionDelivery = sessionDelivery
        self.recoveryToken = recoveryToken
    }
}

extension PasskeyCeremonyRequest: Sendable where Credential: Sendable {}
extension PasskeyCeremonyRequest: Encodable where Credential: Encodable {}
extension PasskeyCeremonyRequest: Decodable where Credential: Decodable {}
