/// Verifies a registration (`navigator.credentials.create`) response, WebAuthn §7.1.
///
/// Attestation formats: `none`, and `packed` self attestation. Packed attestation with an `x5c`
/// certificate chain, and every other format (tpm, android-key, apple, fido-u2f, …), are rejected
/// with `.unsupportedAttestation`: this module does not parse X.509. A relying party that only
/// requests `attestation: "none"` never needs them.
public struct RegistrationVerifier: Sendable {
    public let relyingParty: RelyingParty

    public init(relyingParty: RelyingParty) {
        self.relyingParty = relyingParty
    }

    /// Verifies the response and returns the credential to store.
    ///
    /// - Parameters:
    ///   - attestationObject: `response.attestationObject`, CBOR.
    ///   - clientDataJSON: `response.clientDataJSON`, exactly as received.
    ///   - expectedChallenge: the challenge issued for this ceremony (single use: see ``Challenge``).
    public func verify(
        attestationObject: [UInt8], clientDataJSON: [UInt8], expectedChallenge: [UInt8]
    ) throws(PasskeyError) -> VerifiedCredential {
        let (_, clientDataHash) = try relyingParty.checkClientData(
            clientDataJSON, type: "webauthn.create", expectedChallenge: expectedChallenge
        )
        let object = try CBORDecoder().decode(attestationObject)
        guard let format = object[text: "fmt"]?.textValue,
              let authDataBytes = object[text: "authData"]?.bytesValue,
              let statement = object[text: "attStmt"], case .map = statement
        else { throw PasskeyError(.malformed, "attestation object lacks fmt, authData or attStmt") }
        let authData = try AuthenticatorData(bytes: authDataBytes)
        try relyingParty.checkAuthenticatorData(authData)
        guard let credential = authData.attestedCredentialData else {
            throw PasskeyError(.missingCredentialData, "AT flag is clear: no credential in a registration")
        }
        let key = credential.credentialPublicKey
        guard relyingParty.allowedAlgorithms.contains(key.algorithm) else {
            throw PasskeyError(.unsupportedAlgorithm, "\(key.algorithm) is not allowed")
        }
        let type = try Self.verifyStatement(
            format: format, statement: statement, authData: authDataBytes, clientDataHash: clientDataHash, key: key
        )
        return VerifiedCredential(
            credentialID: credential.credentialID,
            publicKey: key.bytes,
            algorithm: key.algorithm,
            signCount: authData.signCount,
            backupEligible: authData.flags.contains(.backupEligible),
            backedUp: authData.flags.contains(.backedUp),
            uvInitialized: authData.flags.contains(.userVerified),
            aaguid: credential.aaguid,
            attestationFormat: format,
            attestationType: type
        )
    }

    private static func verifyStatement(
        format: String, statement: CBORValue, authData: [UInt8], clientDataHash: [UInt8], key: COSEKey
    ) throws(PasskeyError) -> VerifiedCredential.AttestationType {
        switch format {
        case "none":
            guard case .map(let entries) = statement, entries.isEmpty else {
                throw PasskeyError(.attestationInvalid, "none attestation has a non-empty statement")
            }
            return .none
        case "packed":
            guard let alg = statement[text: "alg"]?.intValue, let signature = statement[text: "sig"]?.bytesValue else {
                throw PasskeyError(.attestationInvalid, "packed statement lacks alg or sig")
            }
            guard statement[text: "x5c"] == nil else {
                throw PasskeyError(.unsupportedAttestation, "packed attestation with x5c is not supported")
            }
            guard alg == key.algorithm.rawValue else {
                throw PasskeyError(.attestationInvalid, "packed self attestation alg differs from the credential key's")
            }
            guard key.isValidSignature(signature, for: authData + clientDataHash) else {
                throw PasskeyError(.badSignature, "packed self attestation signature does not verify")
            }
            return .selfAttestation
        default:
            throw PasskeyError(.unsupportedAttestation, "attestation format \(format) is not supported")
        }
    }
}
