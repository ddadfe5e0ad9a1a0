/// `PublicKeyCredentialCreationOptionsJSON` (WebAuthn Level 3 §5.1.1.1): what
/// `PublicKeyCredential.parseCreationOptionsFromJSON` takes in a browser, and what an iOS app reads to fill
/// `ASAuthorizationPlatformPublicKeyCredentialProvider.createCredentialRegistrationRequest`.
public struct CredentialCreationOptions: Encodable, Sendable {
    public struct RelyingPartyEntity: Encodable, Sendable {
        public let id: String
        public let name: String
    }

    public struct UserEntity: Encodable, Sendable {
        /// The user handle: opaque, no personal data (it is the account ID).
        public let id: Base64URLBytes
        /// What the passkey is saved under in the person's password manager.
        public let name: String
        public let displayName: String
    }

    public struct Parameters: Encodable, Sendable {
        public let type = "public-key"
        public let alg: Int
    }

    public struct AuthenticatorSelection: Encodable, Sendable {
        /// Passkeys are discoverable credentials: sign-in needs no username.
        public let residentKey = "required"
        public let requireResidentKey = true
        public let userVerification: String
    }

    public struct Extensions: Encodable, Sendable {
        /// Asks the browser whether the credential is discoverable (it should be; reported, not required).
        public let credProps = true
    }

    public let rp: RelyingPartyEntity
    public let user: UserEntity
    public let challenge: Base64URLBytes
    public let pubKeyCredParams: [Parameters]
    /// Milliseconds the browser may wait for the person.
    public let timeout: Int
    /// The account's passkeys, so an authenticator holding one already says so instead of adding a second.
    public let excludeCredentials: [CredentialDescriptor]
    public let authenticatorSelection: AuthenticatorSelection
    /// Apple passkeys carry no attestation, and Vestibule trusts no authenticator model over another.
    public let attestation = "none"
    public let extensions = Extensions()
}

/// `PublicKeyCredentialDescriptorJSON`: a credential named in `excludeCredentials` or `allowCredentials`.
public struct CredentialDescriptor: Encodable, Sendable {
    public let type = "public-key"
    public let id: Base64URLBytes
    public let transports: [String]

    public init(id: [UInt8], transports: [String]) {
        self.id = Base64URLBytes(id)
        self.transports = transports
    }
}
