/// Authenticator data (WebAuthn §6.1): what the authenticator signs, parsed strictly.
public struct AuthenticatorData: Sendable {
    /// The authenticator data flags byte.
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// User Present.
        public static let userPresent = Flags(rawValue: 0x01)
        /// User Verified.
        public static let userVerified = Flags(rawValue: 0x04)
        /// Backup Eligible: fixed for the lifetime of a credential.
        public static let backupEligible = Flags(rawValue: 0x08)
        /// Backup State: the credential is currently backed up.
        public static let backedUp = Flags(rawValue: 0x10)
        /// Attested credential data is included.
        public static let attestedCredentialData = Flags(rawValue: 0x40)
        /// Extension data is included.
        public static let extensionData = Flags(rawValue: 0x80)
    }

    /// Attested credential data: present at registration.
    public struct AttestedCredentialData: Sendable {
        /// The authenticator model's AAGUID (16 bytes, all zero for most passkey providers).
        public let aaguid: [UInt8]
        /// The credential ID (at most 1023 bytes).
        public let credentialID: [UInt8]
        /// The credential public key.
        public let credentialPublicKey: COSEKey
    }

    /// The largest credential ID WebAuthn Level 3 allows.
    public static let maximumCredentialIDLength = 1023

    /// All the bytes, as signed.
    public let bytes: [UInt8]
    /// SHA-256 of the RP ID the authenticator scoped the credential to.
    public let rpIDHash: [UInt8]
    /// UP, UV, BE, BS, AT and ED.
    public let flags: Flags
    /// The signature counter; 0 from authenticators (most synced passkeys) that do not keep one.
    public let signCount: UInt32
    /// The new credential, present when AT is set (registration).
    public let attestedCredentialData: AttestedCredentialData?
    /// The authenticator extension outputs (a CBOR map), when the ED flag is set.
    public let extensions: CBORValue?

    /// Parses authenticator data; a COSE key of an unsupported algorithm throws `.unsupportedAlgorithm`.
    public init(bytes: [UInt8]) throws(PasskeyError) {
        guard bytes.count >= 37 else { throw PasskeyError(.malformed, "authenticator data is shorter than 37 bytes") }
        self.bytes = bytes
        rpIDHash = Array(bytes[0..<32])
        flags = Flags(rawValue: bytes[32])
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        var offset = 37
        let decoder = CBORDecoder()
        if flags.contains(.attestedCredentialData) {
            guard bytes.count >= offset + 18 else { throw PasskeyError(.malformed, "attested credential data is truncated") }
            let aaguid = Array(bytes[offset..<offset + 16])
            let length = Int(bytes[offset + 16]) << 8 | Int(bytes[offset + 17])
            offset += 18
            guard length <= Self.maximumCredentialIDLength else {
                throw PasskeyError(.malformed, "credential ID is longer than 1023 bytes")
            }
            guard bytes.count >= offset + length else { throw PasskeyError(.malformed, "credential ID is truncated") }
            let credentialID = Array(bytes[offset..<offset + length])
            offset += length
            let (keyValue, end) = try decoder.decodePrefix(bytes, from: offset)
            let key = try COSEKey(value: keyValue, bytes: Array(bytes[offset..<end]))
            offset = end
            attestedCredentialData = AttestedCredentialData(aaguid: aaguid, credentialID: credentialID, credentialPublicKey: key)
        } else {
            attestedCredentialData = nil
        }
        if flags.contains(.extensionData) {
            let (value, end) = try decoder.decodePrefix(bytes, from: offset)
            guard case .map = value else { throw PasskeyError(.malformed, "authenticator extensions are not a map") }
            extensions = value
            offset = end
        } else {
            extensions = nil
        }
        guard offset == bytes.count else { throw PasskeyError(.malformed, "authenticator data has trailing bytes") }
    }
}
