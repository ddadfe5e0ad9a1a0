/// `PublicKeyCredentialCreationOptionsJSON` (WebAuthn Level 3 §5.1.1.1), as Vestibule sends it for registration
/// and sign-up. Bytes are unpadded base64url strings; a native app decodes `challenge` and `user.id` for
/// `createCredentialRegistrationRequest(challenge:name:userID:)`.
public struct PublicKeyCredentialCreationOptionsJSON: Codable, Sendable, Equatable {
    public struct RelyingParty: Codable, Sendable, Equatable {
        /// The RP ID: the site's host (`id.example.com`).
        public let id: String
        public let name: String
    }

    public struct User: Codable, Sendable, Equatable {
        /// The user handle, base64url: opaque, no personal data.
        public let id: String
        /// What the passkey is saved under in the person's password manager.
        public let name: String
        public let displayName: String
    }

    public struct Parameters: Codable, Sendable, Equatable {
        public let type: String
        /// A COSE algorithm: -7 (ES256), -8 (EdDSA), -257 (RS256).
        public let alg: Int
    }

    public struct AuthenticatorSelection: Codable, Sendable, Equatable {
        public let residentKey: String
        public let requireResidentKey: Bool
        public let userVerification: String
    }

    public struct Extensions: Codable, Sendable, Equatable {
        public let credProps: Bool
    }

    public let rp: RelyingParty
    public let user: User
    /// Base64url; single use, five minutes.
    public let challenge: String
    public let pubKeyCredParams: [Parameters]
    /// Milliseconds the platform may wait for the person.
    public let timeout: Int
    /// The account's passkeys, so an authenticator holding one already says so instead of adding a second.
    public let excludeCredentials: [PublicKeyCredentialDescriptorJSON]
    public let authenticatorSelection: AuthenticatorSelection
    public let attestation: String
    public let extensions: Extensions
}
