import Testing
import VestibuleCrypto
import VestibulePasskeys

/// Registration and assertion with keys generated here: no shared vectors needed.
@Suite struct RoundTripTests {
    static let relyingParty = RelyingParty(rpID: SyntheticAuthenticator.rpID, origins: [SyntheticAuthenticator.origin])

    @Test(arguments: [JWSAlgorithm.es256, .rs256, .edDSA], ["none", "packed"])
    func registrationThenAssertionVerify(_ algorithm: JWSAlgorithm, _ format: String) throws {
        let authenticator = try SyntheticAuthenticator(algorithm)
        let challenge = Challenge.generate()
        let clientData = SyntheticAuthenticator.clientData(type: "webauthn.create", challenge: challenge)
        let authData = authenticator.authenticatorData(
            flags: SyntheticAuthenticator.up | SyntheticAuthenticator.uv | SyntheticAuthenticator.be, signCount: 3, attested: true
        )
        let statement: CBORValue = format == "none"
            ? .map([]) : try authenticator.packedSelfStatement(authData: authData, clientData: clientData)
        let credential = try RegistrationVerifier(relyingParty: Self.relyingParty).verify(
            attestationObject: authenticator.attestationObject(authData: authData, format: format, statement: statement),
            clientDataJSON: clientData, expectedChallenge: challenge
        )
        #expect(credential.credentialID == authenticator.credentialID)
        #expect(credential.publicKey == authenticator.coseKey)
        #expect(credential.algorithm.rawValue == authenticator.coseAlgorithm)
        #expect(credential.signCount == 3)
        #expect(credential.backupEligible && !credential.backedUp && credential.uvInitialized)
        #expect(credential.aaguid == authenticator.aaguid)
        #expect(credential.attestationFormat == format)
        #expect(credential.attestationType == (format == "none" ? .none : .selfAttestation))

        let assertionChallenge = Challenge.generate()
        let assertionClientData = SyntheticAuthenticator.clientData(type: "webauthn.get", challenge: assertionChallenge)
        let assertionData = authenticator.authenticatorData(
            flags: SyntheticAuthenticator.up | SyntheticAuthenticator.be | SyntheticAuthenticator.bs, signCount: 4, attested: false
        )
        let result = try AuthenticationVerifier(relyingParty: Self.relyingParty).verify(
            authenticatorData: assertionData, clientDataJSON: assertionClientData,
            signature: try authenticator.sign(assertionData + SHA2.sha256(assertionClientData)),
            expectedChallenge: assertionChallenge,
            credential: StoredCredentialState(publicKey: credential.publicKey, signCount: credential.signCount,
                                              backupEligible: credential.backupEligible)
        )
        #expect(result.newSignCount == 4)
        #expect(result.backedUp)
        #expect(!result.userVerified)
        #expect(!result.cloneWarning)
    }

    @Test func challengesAreThirtyTwoRandomBytes() {
        let a = Challenge.generate()
        let b = Challenge.generate()
        #expect(a.count == 32 && b.count == 32 && a != b)
    }

    @Test func derSignatureConversionRoundTrips() throws {
        let key = try SigningKey.generate(.es256)
        for _ in 0..<20 {
            let raw = try key.sign(Array("message".utf8))
            let der = try #require(DERSignature.der(fromRaw: raw))
            #expect(DERSignature.raw(fromDER: der, coordinateSize: 32) == raw)
        }
        // Leading zero bytes are stripped in DER and restored in raw form.
        let small = [UInt8](repeating: 0, count: 31) + [1] + [0x80] + [UInt8](repeating: 0, count: 31)
        let der = try #require(DERSignature.der(fromRaw: small))
        #expect(der == [0x30, 0x26, 0x02, 0x01, 0x01, 0x02, 0x21, 0x00, 0x80] + [UInt8](repeating: 0, count: 31))
        #expect(DERSignature.raw(fromDER: der, coordinateSize: 32) == small)
    }

    /// Empty, truncated, trailing bytes, wrong tags, negative, non-minimal, zero, and a BER long-form length.
    @Test(arguments: [
        "", "30", "3006020101020101ff", "3006020101020201", "3106020101020101", "3006020181020101",
        "300702020001020101", "3006020100020101", "30820006020101020101",
    ])
    func malformedDERSignaturesAreRejected(_ hex: String) {
        #expect(DERSignature.raw(fromDER: [UInt8](hex: hex), coordinateSize: 32) == nil)
    }
}
