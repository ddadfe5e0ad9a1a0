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

    /// The credential ID from authenticator data (at most 1023 bytes).
    public let credentialID: [UInt8]
    /// The COSE_Key bytes; pass them back in ``StoredCredentialState/publicKey``.
    public let publicKey: [UInt8]
    /// The credential key's algorithm.
    public let algorithm: COSEAlgorithm
    /// The initial sign count; store it in ``StoredCredentialState/signCount``.
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
    /// What the attestation statement proved.
    public let attestationType: AttestationType
    /// The `x5c` chain (DER, leaf first) for `.basic`, unevaluated; empty otherwise.
    public let attestationCertificates: [[UInt8]]
}
