import Testing
import VestibuleCrypto
import VestibulePasskeys

/// Every applicable vector in `<package root>/../shared/vectors/webauthn/`, with its expected outcome.
@Suite(.enabled(if: Fixtures.webAuthnVectorsAvailable, Comment(rawValue: Fixtures.skipMessage)))
struct SharedVectorTests {
    // MARK: spec-vectors.json

    @Test(arguments: SpecVector.all)
    func specRegistrationVerifies(_ vector: SpecVector) throws {
        let registration = vector.registration
        let verifier = RegistrationVerifier(relyingParty: vector.relyingParty(
            requireUserVerification: vector.required_rp_settings.require_user_verification_allowed.registration
        ))
        let verify = {
            try verifier.verify(
                attestationObject: registration.attestation_object.bytes,
                clientDataJSON: registration.client_data_json.bytes,
                expectedChallenge: registration.challenge.bytes
            )
        }
        guard let unsupported = Self.unsupportedCode(specFormat: registration.expected.fmt,
                                                     alg: registration.expected.alg,
                                                     attestationObject: registration.attestation_object.bytes)
        else {
            let credential = try verify()
            let expected = registration.expected
            #expect(credential.credentialID == registration.credential_id.bytes)
            #expect(credential.publicKey == expected.credential_public_key_cose.bytes)
            #expect(credential.algorithm.rawValue == expected.alg)
            #expect(credential.signCount == expected.sign_count)
            #expect(credential.aaguid == expected.aaguid.bytes)
            #expect(credential.attestationFormat == expected.fmt)
            let chained = VectorExpectation.hasCertificateChain(registration.attestation_object.bytes)
            #expect(credential.attestationType == (expected.fmt == "none" ? .none : chained ? .basic : .selfAttestation))
            #expect(credential.attestationCertificates.isEmpty == !chained)
            #expect(credential.backupEligible == expected.flags.BE)
            #expect(credential.backedUp == expected.credential_backed_up)
            #expect(credential.uvInitialized == expected.flags.UV)
            return
        }
        #expect(throws: PasskeyError(unsupported)) { try verify() }
    }

    @Test(arguments: SpecVector.all)
    func specAuthenticationVerifies(_ vector: SpecVector) throws {
        let authentication = vector.authentication
        let verifier = AuthenticationVerifier(relyingParty: vector.relyingParty(
            requireUserVerification: vector.required_rp_settings.require_user_verification_allowed.authentication
        ))
        let stored = authentication.stored_credential
        let verify = {
            try verifier.verify(
                authenticatorData: authentication.authenticator_data.bytes,
                clientDataJSON: authentication.client_data_json.bytes,
                signature: authentication.signature.bytes,
                expectedChallenge: authentication.challenge.bytes,
                credential: StoredCredentialState(
                    publicKey: stored.public_key_cose.bytes, signCount: stored.sign_count,
                    backupEligible: stored.backup_eligible
                )
            )
        }
        guard VectorExpectation.supportedAlgorithms.contains(vector.registration.expected.alg) else {
            #expect(throws: PasskeyError(.unsupportedAlgorithm)) { try verify() }
            return
        }
        let result = try verify()
        #expect(result.newSignCount == authentication.expected.new_sign_count)
        #expect(result.userVerified == authentication.expected.user_verified)
        #expect(result.backedUp == authentication.expected.credential_backed_up)
        // Both counters are 0 in every spec vector: no comparison, no warning.
        #expect(!result.cloneWarning)
    }

    /// A relying party that requires UV rejects every spec ceremony whose UV flag is clear.
    @Test(arguments: SpecVector.all)
    func specCeremonyWithoutUVIsRejectedWhenUVIsRequired(_ vector: SpecVector) {
        let allowed = vector.required_rp_settings.require_user_verification_allowed
        // Unsupported key algorithms fail earlier, while parsing the key (see the tests above).
        guard VectorExpectation.supportedAlgorithms.contains(vector.registration.expected.alg) else { return }
        let relyingParty = vector.relyingParty(requireUserVerification: true)
        let registration = vector.registration
        if !allowed.registration {
            #expect(throws: PasskeyError(.userNotVerified)) {
                try RegistrationVerifier(relyingParty: relyingParty).verify(
                    attestationObject: registration.attestation_object.bytes,
                    clientDataJSON: registration.client_data_json.bytes,
                    expectedChallenge: registration.challenge.bytes
                )
            }
        }
        let authentication = vector.authentication
        if !allowed.authentication {
            #expect(throws: PasskeyError(.userNotVerified)) {
                try AuthenticationVerifier(relyingParty: relyingParty).verify(
                    authenticatorData: authentication.authenticator_data.bytes,
                    clientDataJSON: authentication.client_data_json.bytes,
                    signature: authentication.signature.bytes,
                    expectedChallenge: authentication.challenge.bytes,
                    credential: StoredCredentialState(
                        publicKey: authentication.stored_credential.public_key_cose.bytes, signCount: 0,
                        backupEligible: authentication.stored_credential.backup_eligible
                    )
                )
            }
        }
    }

    /// Packed attestation, self and with `x5c`: one flipped bit in the statement signature is a bad signature.
    @Test(arguments: SpecVector.all.filter { $0.registration.expected.fmt == "packed" && $0.registration.expected.alg == -7 })
    func specPackedAttestationWithFlippedBitIsRejected(_ vector: SpecVector) throws {
        let registration = vector.registration
        let object = try CBORDecoder().decode(registration.attestation_object.bytes)
        guard case .map(var entries) = object, let index = entries.firstIndex(where: { $0.key == .text("attStmt") }),
              case .map(var statement) = entries[index].value,
              let sigIndex = statement.firstIndex(where: { $0.key == .text("sig") }),
              var signature = statement[sigIndex].value.bytesValue
        else { throw PasskeyError(.malformed) }
        signature[signature.count - 3] ^= 0x01
        statement[sigIndex].value = .bytes(signature)
        entries[index].value = .map(statement)
        #expect(throws: PasskeyError(.badSignature)) {
            try RegistrationVerifier(relyingParty: vector.relyingParty(requireUserVerification: false)).verify(
                attestationObject: CBOREncoder.encode(.map(entries)),
                clientDataJSON: registration.client_data_json.bytes,
                expectedChallenge: registration.challenge.bytes
            )
        }
    }

    /// The code a spec registration must fail with because its format or algorithm is unsupported, or nil.
    static func unsupportedCode(specFormat fmt: String, alg: Int, attestationObject: [UInt8]) -> PasskeyError.Code? {
        if !VectorExpectation.supportedAlgorithms.contains(alg) { return .unsupportedAlgorithm }
        if fmt == "none" { return nil }
        if fmt == "packed" { return nil }
        return .unsupportedAttestation
    }

    // MARK: browser-vectors.json and derived-vectors.json

    @Test(arguments: ResponseVector.browser)
    func browserVectorHasItsExpectedOutcome(_ vector: ResponseVector) throws {
        try Self.check(vector)
    }

    @Test(arguments: ResponseVector.derived)
    func derivedVectorHasItsExpectedOutcome(_ vector: ResponseVector) throws {
        try Self.check(vector)
    }

    /// Counts per file and outcome, printed for the record.
    @Test func vectorCountsPerFile() {
        var lines = ["spec-vectors.json: \(SpecVector.all.count) cases × (registration + authentication)"]
        let specSupported = SpecVector.all.filter {
            Self.unsupportedCode(specFormat: $0.registration.expected.fmt, alg: $0.registration.expected.alg,
                                 attestationObject: $0.registration.attestation_object.bytes) == nil
        }
        lines.append("  registrations verified: \(specSupported.count), rejected as unsupported: \(SpecVector.all.count - specSupported.count)")
        for (name, vectors) in [("browser-vectors.json", ResponseVector.browser), ("derived-vectors.json", ResponseVector.derived)] {
            var counts: [String: Int] = [:]
            for vector in vectors {
                let key: String = switch VectorExpectation.forResponse(vector) {
                case .success: "verified"
                case .successWithCloneWarning: "verified with clone warning"
                case .failure: "rejected as expected"
                case .unsupported: "rejected as unsupported format/algorithm"
                case .notApplicable: "not applicable"
                }
                counts[key, default: 0] += 1
            }
            lines.append("\(name): \(vectors.count) cases; " + counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        }
        print(lines.joined(separator: "\n"))
        #expect(!SpecVector.all.isEmpty && !ResponseVector.browser.isEmpty && !ResponseVector.derived.isEmpty)
    }

    static func check(_ vector: ResponseVector) throws {
        let expectation = VectorExpectation.forResponse(vector)
        if case .notApplicable = expectation { return }
        let outcome = Result { () throws(PasskeyError) in try run(vector) }
        switch (expectation, outcome) {
        case (.success, .success(let result)):
            checkOutputs(result, vector)
            if case .assertion(let assertion) = result { #expect(!assertion.cloneWarning) }
        case (.successWithCloneWarning, .success(let result)):
            guard case .assertion(let assertion) = result else {
                Issue.record("expected an assertion")
                return
            }
            #expect(assertion.cloneWarning)
        case (.failure(let code), .failure(let error)):
            if let code { #expect(error.code == code, "\(error)") }
        case (.unsupported(let code), .failure(let error)):
            #expect(error.code == code, "\(error)")
        default:
            Issue.record("expected \(expectation), got \(outcome)")
        }
    }

    enum Outcome {
        case registration(VerifiedCredential)
        case assertion(AssertionResult)
    }

    /// Runs a vector against each accepted RP ID; the first success wins, else the first error is thrown.
    static func run(_ vector: ResponseVector) throws(PasskeyError) -> Outcome {
        let response = vector.credential.response
        let challenge = [UInt8](base64url: vector.rp_settings.expected_challenge_b64url)
        let clientData = [UInt8](base64url: response.clientDataJSON)
        var firstError: PasskeyError?
        for relyingParty in vector.relyingParties {
            do {
                if vector.ceremony == "registration" {
                    return .registration(try RegistrationVerifier(relyingParty: relyingParty).verify(
                        attestationObject: [UInt8](base64url: response.attestationObject ?? ""),
                        clientDataJSON: clientData, expectedChallenge: challenge
                    ))
                }
                let stored = vector.rp_settings.stored_credential!
                return .assertion(try AuthenticationVerifier(relyingParty: relyingParty).verify(
                    authenticatorData: [UInt8](base64url: response.authenticatorData ?? ""),
                    clientDataJSON: clientData,
                    signature: [UInt8](base64url: response.signature ?? ""),
                    expectedChallenge: challenge,
                    credential: StoredCredentialState(
                        publicKey: [UInt8](base64url: stored.public_key_cose_b64url),
                        signCount: stored.sign_count,
                        // Unrecorded BE: the sources do not compare it, so take the assertion's.
                        backupEligible: stored.backup_eligible ?? vector.decoded?.flags.BE ?? false
                    )
                ))
            } catch {
                firstError = firstError ?? error
            }
        }
        throw firstError!
    }

    static func checkOutputs(_ outcome: Outcome, _ vector: ResponseVector) {
        let expected = vector.expected
        switch outcome {
        case .registration(let credential):
            if let count = expected.sign_count { #expect(credential.signCount == count) }
            if let id = expected.credential_id_b64url { #expect(credential.credentialID == [UInt8](base64url: id)) }
            if let key = expected.credential_public_key_cose_b64url { #expect(credential.publicKey == [UInt8](base64url: key)) }
            if let aaguid = expected.aaguid { #expect(credential.aaguid.hex == aaguid.replacingOccurrences(of: "-", with: "")) }
            if let uv = expected.user_verified { #expect(credential.uvInitialized == uv) }
            if let backedUp = expected.credential_backed_up { #expect(credential.backedUp == backedUp) }
            if let flags = vector.decoded?.flags { #expect(credential.backupEligible == flags.BE) }
        case .assertion(let assertion):
            if let count = expected.new_sign_count { #expect(assertion.newSignCount == count) }
            if let uv = expected.user_verified { #expect(assertion.userVerified == uv) }
            if let backedUp = expected.credential_backed_up { #expect(assertion.backedUp == backedUp) }
        }
    }
}
