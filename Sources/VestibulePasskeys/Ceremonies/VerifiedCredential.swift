/// A credential whose registration verified: what the storage layer keeps.
public struct VerifiedCredential: Sendable {
    /// How the attestation statement vouched for the credential.
    public enum AttestationType: String, Sendable {
        /// `fmt: "none"`: no attestation (the normal passkey case).
        case none
        /// `packed` without `x5c`: signed by the credential key itself.
        case selfAttestation = "self"
        /// `packed` with `x5c`: signed by an attestation key whose leaf certificate meets §8.2.1.
        /// Whether the chain ends at a trusted root is not evaluated here (see ``attestationCertificates``).
        case basic
    }

    public let credentialID: [UInt8]
    /// The COSE_Key bytes; pass them back in ``StoredCredentialState/publicKey``.
    public let publicKey: [UInt8]
    public let algorithm: COSEAlgorithm
    public let signCount: UInt32
    /// BE: the credential may be synced (a multi-device passkey). Fixed for the credential's lifetime.
    public let backupEligible: Bool
    /// BS: the credential is backed up now.
    public let backedUp: Bool
    /// UV at registration; a relying party may require it at every later assertion.
    public let uvInitialized: Bool
    /// The authenticator model's AAGUID (16 bytes).
    public let aaguid: [UInt8]
    /// The attestation statement format, e.g. `none` or `packed`.
    public let attestationFormat: String
    public let attestationType: AttestationType
    /// The `x5c` chain (DER, leaf first) for `.basic`, unevaluated; empty otherwise.
    public let attestationCertificates: [[UInt8]]
}
