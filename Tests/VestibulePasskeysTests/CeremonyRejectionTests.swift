import Testing
import VestibuleCrypto
import VestibulePasskeys

/// Each failed check gives its own error, on responses that are otherwise valid.
@Suite struct CeremonyRejectionTests {
    typealias A = SyntheticAuthenticator
    let authenticator: SyntheticAuthenticator
    let challenge = Challenge.generate()
    let relyingParty = RelyingParty(rpID: A.rpID, origins: [A.origin, "ios:bundle-id:org.example.app"])

    init() throws {
        authenticator = try SyntheticAuthenticator()
    }

    // MARK: registration

    func register(
        relyingParty: RelyingParty? = nil, authData: [UInt8]? = nil, clientData: [UInt8]? = nil,
        format: String = "none", statement: CBORValue? = nil, expectedChallenge: [UInt8]? = nil
    ) throws(PasskeyError) -> VerifiedCredential {
        let clientData = clientData ?? A.clientData(type: "webauthn.create", challenge: challenge)
        let authData = authData ?? authenticator.authenticatorData(flags: A.up | A.uv, attested: true)
        return try RegistrationVerifier(relyingParty: relyingParty ?? self.relyingParty).verify(
            attestationObject: authenticator.attestationObject(authData: authData, format: format, statement: statement ?? .map([])),
            clientDataJSON: clientData, expectedChallenge: expectedChallenge ?? challenge
        )
    }

    @Test func registrationFromNativeAppOriginVerifies() throws {
        let clientData = A.clientData(type: "webauthn.create", challenge: challenge, origin: "ios:bundle-id:org.example.app")
        _ = try register(clientData: clientData)
    }

    @Test func registrationWithExtensionsVerifies() throws {
        let extensions = CBORValue.map([(.text("credProtect"), .unsigned(2))])
        _ = try register(authData: authenticator.authenticatorData(flags: A.up, attested: true, extensions: extensions))
    }

    @Test func registrationFailsIfChallengeDoesNotMatch() {
        #expect(throws: PasskeyError(.challengeMismatch)) { try register(expectedChallenge: Challenge.generate()) }
    }

    @Test func registrationFailsIfTypeIsGet() {
        let clientData = A.clientData(type: "webauthn.get", challenge: challenge)
        #expect(throws: PasskeyError(.typeMismatch)) { try register(clientData: clientData) }
    }

    @Test func registrationFailsIfOriginIsNotAllowed() {
        for origin in ["https://example.org.evil.test", "http://example.org", "https://EXAMPLE.org", "https://sub.example.org"] {
            let clientData = A.clientData(type: "webauthn.create", challenge: challenge, origin: origin)
            #expect(throws: PasskeyError(.originNotAllowed)) { try register(clientData: clientData) }
        }
    }

    @Test func registrationFailsIfCrossOriginIsNotAllowed() throws {
        let crossOrigin = A.clientData(type: "webauthn.create", challenge: challenge, crossOrigin: true)
        #expect(throws: PasskeyError(.crossOrigin)) { try register(clientData: crossOrigin) }
        var allowing = relyingParty
        allowing.allowCrossOrigin = true
        _ = try register(relyingParty: allowing, clientData: crossOrigin)
        let framed = A.clientData(type: "webauthn.create", challenge: challenge, crossOrigin: true, topOrigin: "https://evil.test")
        #expect(throws: PasskeyError(.crossOrigin)) { try register(relyingParty: allowing, clientData: framed) }
        allowing.allowedTopOrigins = ["https://evil.test"]
        _ = try register(relyingParty: allowing, clientData: framed)
    }

    @Test func registrationFailsIfRPIDDiffers() {
        let authData = authenticator.authenticatorData(rpID: "example.com", flags: A.up, attested: true)
        #expect(throws: PasskeyError(.rpIDMismatch)) { try register(authData: authData) }
    }

    @Test func registrationFailsIfUserIsNotPresent() {
        let authData = authenticator.authenticatorData(flags: A.uv, attested: true)
        #expect(throws: PasskeyError(.userNotPresent)) { try register(authData: authData) }
    }

    @Test func registrationFailsIfUVIsRequiredButAbsent() throws {
        var strict = relyingParty
        strict.requireUserVerification = true
        let authData = authenticator.authenticatorData(flags: A.up, attested: true)
        #expect(throws: PasskeyError(.userNotVerified)) { try register(relyingParty: strict, authData: authData) }
        _ = try register(relyingParty: strict)
    }

    @Test func registrationFailsIfBackedUpWithoutBackupEligibility() {
        let authData = authenticator.authenticatorData(flags: A.up | A.bs, attested: true)
        #expect(throws: PasskeyError(.backupStateInvalid)) { try register(authData: authData) }
    }

    @Test func registrationFailsWithoutAttestedCredentialData() {
        let authData = authenticator.authenticatorData(flags: A.up, attested: false)
        #expect(throws: PasskeyError(.missingCredentialData)) { try register(authData: authData) }
    }

    @Test func registrationFailsIfAlgorithmIsNotAllowed() {
        var edOnly = relyingParty
        edOnly.allowedAlgorithms = [.edDSA]
        #expect(throws: PasskeyError(.unsupportedAlgorithm)) { try register(relyingParty: edOnly) }
    }

    @Test func registrationFailsIfAuthenticatorDataHasTrailingBytes() {
        let authData = authenticator.authenticatorData(flags: A.up, attested: true) + [0]
        #expect(throws: PasskeyError(.malformed)) { try register(authData: authData) }
    }

    @Test func registrationFailsIfNoneStatementIsNotEmpty() {
        #expect(throws: PasskeyError(.attestationInvalid)) {
            try register(statement: .map([(.text("alg"), CBOREncoder.int(-7))]))
        }
    }

    @Test func registrationFailsForUnsupportedFormatsAndBrokenCertificates() {
        #expect(throws: PasskeyError(.unsupportedAttestation)) { try register(format: "tpm") }
        #expect(throws: PasskeyError(.unsupportedAttestation)) { try register(format: "apple") }
        #expect(throws: PasskeyError(.malformed)) {
            try register(format: "packed", statement: .map([
                (.text("alg"), CBOREncoder.int(-7)), (.text("sig"), .bytes([0x30])), (.text("x5c"), .array([.bytes([0x30])])),
            ]))
        }
        #expect(throws: PasskeyError(.attestationInvalid)) {
            try register(format: "packed", statement: .map([
                (.text("alg"), CBOREncoder.int(-7)), (.text("sig"), .bytes([0x30])), (.text("x5c"), .array([])),
            ]))
        }
    }

    @Test func packedSelfAttestationFailsIfAlgDiffersOrSignatureIsWrong() throws {
        let clientData = A.clientData(type: "webauthn.create", challenge: challenge)
        let authData = authenticator.authenticatorData(flags: A.up, attested: true)
        let wrongAlg = try authenticator.packedSelfStatement(authData: authData, clientData: clientData, alg: -257)
        #expect(throws: PasskeyError(.attestationInvalid)) {
            try register(authData: authData, clientData: clientData, format: "packed", statement: wrongAlg)
        }
        let overOtherData = try authenticator.packedSelfStatement(authData: authData, clientData: clientData + [0x20])
        #expect(throws: PasskeyError(.badSignature)) {
            try register(authData: authData, clientData: clientData, format: "packed", statement: overOtherData)
        }
    }

    @Test func registrationFailsIfClientDataIsNotJSON() {
        #expect(throws: PasskeyError(.malformed)) { try register(clientData: Array("not json".utf8)) }
        #expect(throws: PasskeyError(.malformed)) { try register(clientData: Array(#"{"type":"webauthn.create"}"#.utf8)) }
    }

    // MARK: assertion

    func assertionParts(flags: UInt8 = A.up, signCount: UInt32 = 0) throws -> (authData: [UInt8], clientData: [UInt8], signature: [UInt8]) {
        let clientData = A.clientData(type: "webauthn.get", challenge: challenge)
        let authData = authenticator.authenticatorData(flags: flags, signCount: signCount, attested: false)
        return (authData, clientData, try authenticator.sign(authData + SHA2.sha256(clientData)))
    }

    func assert(
        _ parts: (authData: [UInt8], clientData: [UInt8], signature: [UInt8]), relyingParty: RelyingParty? = nil,
        storedCount: UInt32 = 0, backupEligible: Bool = false, expectedChallenge: [UInt8]? = nil
    ) throws(PasskeyError) -> AssertionResult {
        try AuthenticationVerifier(relyingParty: relyingParty ?? self.relyingParty).verify(
            authenticatorData: parts.authData, clientDataJSON: parts.clientData, signature: parts.signature,
            expectedChallenge: expectedChallenge ?? challenge,
            credential: StoredCredentialState(publicKey: authenticator.coseKey, signCount: storedCount, backupEligible: backupEligible)
        )
    }

    @Test func oneFlippedBitInAuthenticatorDataBreaksTheSignature() throws {
        let parts = try assertionParts(signCount: 7)
        _ = try assert(parts)
        // Bytes 33…36 are the sign count: only the signature can notice a change there.
        for index in 33..<37 {
            var authData = parts.authData
            authData[index] ^= 0x01
            #expect(throws: PasskeyError(.badSignature)) { try assert((authData, parts.clientData, parts.signature)) }
        }
        var uvAdded = parts.authData
        uvAdded[32] |= A.uv
        #expect(throws: PasskeyError(.badSignature)) { try assert((uvAdded, parts.clientData, parts.signature)) }
        var rpHash = parts.authData
        rpHash[0] ^= 0x80
        #expect(throws: PasskeyError(.rpIDMismatch)) { try assert((rpHash, parts.clientData, parts.signature)) }
    }

    @Test func oneFlippedBitInClientDataBreaksTheSignature() throws {
        let parts = try assertionParts()
        var clientData = parts.clientData
        let extra = clientData.lastIndex(of: UInt8(ascii: "p"))!
        clientData[extra] ^= 0x01
        #expect(throws: PasskeyError(.badSignature)) { try assert((parts.authData, clientData, parts.signature)) }
    }

    @Test func oneFlippedBitInTheSignatureIsRejected() throws {
        let parts = try assertionParts()
        for index in [0, 5, parts.signature.count / 2, parts.signature.count - 1] {
            var signature = parts.signature
            signature[index] ^= 0x01
            #expect(throws: PasskeyError(.badSignature)) { try assert((parts.authData, parts.clientData, signature)) }
        }
        #expect(throws: PasskeyError(.badSignature)) { try assert((parts.authData, parts.clientData, [])) }
    }

    @Test func assertionFailsIfChallengeOriginTypeOrRPIDDiffer() throws {
        let parts = try assertionParts()
        #expect(throws: PasskeyError(.challengeMismatch)) { try assert(parts, expectedChallenge: Challenge.generate()) }
        var elsewhere = relyingParty
        elsewhere.origins = ["https://other.example"]
        #expect(throws: PasskeyError(.originNotAllowed)) { try assert(parts, relyingParty: elsewhere) }
        var otherRP = relyingParty
        otherRP.rpID = "example.com"
        #expect(throws: PasskeyError(.rpIDMismatch)) { try assert(parts, relyingParty: otherRP) }
        let create = A.clientData(type: "webauthn.create", challenge: challenge)
        #expect(throws: PasskeyError(.typeMismatch)) { try assert((parts.authData, create, parts.signature)) }
    }

    @Test func assertionFailsWithoutUserPresenceOrRequiredVerification() throws {
        #expect(throws: PasskeyError(.userNotPresent)) { try assert(try assertionParts(flags: A.uv)) }
        var strict = relyingParty
        strict.requireUserVerification = true
        #expect(throws: PasskeyError(.userNotVerified)) { try assert(try assertionParts(flags: A.up), relyingParty: strict) }
        #expect(try assert(try assertionParts(flags: A.up | A.uv), relyingParty: strict).userVerified)
    }

    @Test func assertionFailsIfBackupFlagsAreInvalidOrBackupEligibilityChanged() throws {
        #expect(throws: PasskeyError(.backupStateInvalid)) { try assert(try assertionParts(flags: A.up | A.bs)) }
        #expect(throws: PasskeyError(.backupEligibilityChanged)) {
            try assert(try assertionParts(flags: A.up | A.be), backupEligible: false)
        }
        #expect(throws: PasskeyError(.backupEligibilityChanged)) {
            try assert(try assertionParts(flags: A.up), backupEligible: true)
        }
        let result = try assert(try assertionParts(flags: A.up | A.be | A.bs), backupEligible: true)
        #expect(result.backedUp)
    }

    @Test func signCountThatDoesNotIncreaseSetsTheCloneWarning() throws {
        #expect(try assert(try assertionParts(signCount: 0), storedCount: 0).cloneWarning == false)
        #expect(try assert(try assertionParts(signCount: 6), storedCount: 5).cloneWarning == false)
        #expect(try assert(try assertionParts(signCount: 5), storedCount: 5).cloneWarning)
        #expect(try assert(try assertionParts(signCount: 4), storedCount: 5).cloneWarning)
        #expect(try assert(try assertionParts(signCount: 0), storedCount: 5).cloneWarning)
    }

    @Test func assertionWithAnotherCredentialsKeyIsRejected() throws {
        let parts = try assertionParts()
        let other = try SyntheticAuthenticator()
        #expect(throws: PasskeyError(.badSignature)) {
            try AuthenticationVerifier(relyingParty: relyingParty).verify(
                authenticatorData: parts.authData, clientDataJSON: parts.clientData, signature: parts.signature,
                expectedChallenge: challenge,
                credential: StoredCredentialState(publicKey: other.coseKey, signCount: 0, backupEligible: false)
            )
        }
    }
}
