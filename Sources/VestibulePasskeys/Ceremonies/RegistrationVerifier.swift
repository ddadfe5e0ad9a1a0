/// Verifies a registration (`navigator.credentials.create`) response, WebAuthn §7.1.
///
/// Attestation formats: `none`; `packed` self attestation; `packed` with an `x5c` chain, whose
/// statement signature is verified with the leaf certificate's key and whose leaf must meet §8.2.1
/// (version 3, OU "Authenticator Attestation", not a CA, matching AAGUID extension if present).
/// The chain is *not* evaluated against trust anchors (nor are validity dates checked): it is
/// returned in ``VerifiedCredential/attestationCertificates`` for a caller that wants to. Every other
/// format (tpm, android-key, apple, fido-u2f, …) is rejected with `.unsupportedAttestation`.
/// A relying party that only requests `attestation: "none"` needs none of this.
public struct RegistrationVerifier: Sendable {
    public let relyingParty: RelyingParty

    public init(relyingParty: RelyingParty) {
        self.relyingParty = relyingParty
    }

    /// Verifies the response and returns the credential to store.
    ///
    /// UP is always required (conditional create, which may omit it, is not supported). Comparing the
    /// response's `rawId` with ``VerifiedCredential/credentialID``, and refusing a credential ID that is
    /// already registered, are the caller's checks.
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
        let (type, certificates) = try Self.verifyStatement(
            format: format, statement: statement, authData: authDataBytes, clientDataHash: clientDataHash,
            credential: credential
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
            attestationType: type,
            attestationCertificates: certificates
        )
    }

    private static func verifyStatement(
        format: String, statement: CBORValue, authData: [UInt8], clientDataHash: [UInt8],
        credential: AuthenticatorData.AttestedCredentialData
    ) throws(PasskeyError) -> (VerifiedCredential.AttestationType, [[UInt8]]) {
        switch format {
        case "none":
            guard case .map(let entries) = statement, entries.isEmpty else {
                throw PasskeyError(.attestationInvalid, "none attestation has a non-empty statement")
            }
            return (.none, [])
        case "packed":
            guard let alg = statement[text: "alg"]?.intValue, let signature = statement[text: "sig"]?.bytesValue else {
                throw PasskeyError(.attestationInvalid, "packed statement lacks alg or sig")
            }
            let signed = authData + clientDataHash
            if let chain = statement[text: "x5c"] {
                let certificates = try certificates(chain)
                try verifyPackedLeaf(certificates[0], alg: alg, signature: signature, signed: signed, aaguid: credential.aaguid)
                return (.basic, certificates)
            }
            let key = credential.credentialPublicKey
            guard alg == key.algorithm.rawValue else {
                throw PasskeyError(.attestationInvalid, "packed self attestation alg differs from the credential key's")
            }
            guard key.isValidSignature(signature, for: signed) else {
                throw PasskeyError(.badSignature, "packed self attestation signature does not verify")
            }
            return (.selfAttestation, [])
        default:
            throw PasskeyError(.unsupportedAttestation, "attestation format \(format) is not supported")
        }
    }

    private static func certificates(_ chain: CBORValue) throws(PasskeyError) -> [[UInt8]] {
        guard case .array(let items) = chain, !items.isEmpty else {
            throw PasskeyError(.attestationInvalid, "x5c is not a non-empty array")
        }
        var certificates = [[UInt8]]()
        for item in items {
            guard let der = item.bytesValue else { throw PasskeyError(.attestationInvalid, "x5c holds a non-byte-string") }
            certificates.append(der)
        }
        return certificates
    }

    /// Packed full attestation, WebAuthn §8.2 verification steps with `x5c`, and §8.2.1 leaf requirements.
    private static func verifyPackedLeaf(
        _ der: [UInt8], alg: Int, signature: [UInt8], signed: [UInt8], aaguid: [UInt8]
    ) throws(PasskeyError) {
        guard COSEAlgorithm.supported.contains(COSEAlgorithm(rawValue: alg)) else {
            throw PasskeyError(.unsupportedAttestation, "packed attestation alg \(alg) is not supported")
        }
        let leaf = try AttestationCertificate(der: der)
        guard leaf.isValidSignature(signature, for: signed, alg: alg) else {
            throw PasskeyError(.badSignature, "packed attestation signature does not verify with the leaf certificate")
        }
        guard leaf.version == 3, leaf.subjectOrganizationalUnits.contains("Authenticator Attestation"),
              !leaf.isCertificateAuthority
        else { throw PasskeyError(.attestationInvalid, "packed attestation leaf certificate does not meet §8.2.1") }
        if let certified = leaf.aaguid, certified != aaguid {
            throw PasskeyError(.attestationInvalid, "packed attestation certificate AAGUID differs from authenticator data")
        }
    }
}
