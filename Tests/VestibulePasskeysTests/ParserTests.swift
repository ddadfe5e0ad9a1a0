import Testing
import VestibuleCrypto
import VestibulePasskeys

@Suite struct ParserTests {
    @Test func clientDataIsParsedAsJSONWhateverTheLayout() throws {
        let json = "{\r\n\t\"challenge\": \"AQID\",\r\n\t\"origin\": \"https://example.org\",\r\n\t\"type\": \"webauthn.get\",\r\n"
            + "\t\"tokenBinding\": {\"status\": \"not-supported\"},\r\n\t\"clientExtensions\": {}\r\n}"
        let clientData = try CollectedClientData(json: Array(json.utf8))
        #expect(clientData.type == "webauthn.get")
        #expect(clientData.challenge == [1, 2, 3])
        #expect(clientData.origin == "https://example.org")
        #expect(!clientData.crossOrigin)
        #expect(clientData.topOrigin == nil)
    }

    @Test func clientDataChallengeMayBePadded() throws {
        let json = #"{"type":"webauthn.get","challenge":"AQI=","origin":"https://example.org","crossOrigin":true,"topOrigin":"https://a.test"}"#
        let clientData = try CollectedClientData(json: Array(json.utf8))
        #expect(clientData.challenge == [1, 2])
        #expect(clientData.crossOrigin)
        #expect(clientData.topOrigin == "https://a.test")
    }

    @Test(arguments: [
        #"{"type":"webauthn.get","challenge":"A+B/","origin":"https://example.org"}"#,
        #"{"type":"webauthn.get","challenge":"A","origin":"https://example.org"}"#,
        #"{"type":"webauthn.get","challenge":"AQID","origin":"https://example.org","crossOrigin":"yes"}"#,
        #"{"type":1,"challenge":"AQID","origin":"https://example.org"}"#,
        #"["webauthn.get"]"#,
        // Found by Fuzz/ (Fuzz/Corpus/client-data/regression-*): JSONDecoder accepted these, the broken part
        // being in a member CollectedClientData does not read.
        #"{"type":"webauthn.get","challenge":"AQID","origin":"https://example.org","x":"\x"}"#,
        #"{"type":"webauthn.get","challenge":"AQID","origin":"https://example.org","x":18.,}"#,
        // Fuzz/Corpus/client-data/regression-number-beyond-double: valid syntax, but no Double holds the number.
        #"{"type":"webauthn.get","challenge":"AQID","origin":"https://example.org","x":1.8E160111}"#,
    ])
    func malformedClientDataIsRejected(_ json: String) {
        #expect(throws: PasskeyError(.malformed)) { try CollectedClientData(json: Array(json.utf8)) }
    }

    @Test func authenticatorDataWithCredentialAndExtensionsIsParsed() throws {
        let authenticator = try SyntheticAuthenticator()
        let extensions = CBORValue.map([(.text("credProtect"), .unsigned(2))])
        let bytes = authenticator.authenticatorData(flags: 0x05, signCount: 0x0102_0304, attested: true, extensions: extensions)
        let data = try AuthenticatorData(bytes: bytes)
        #expect(data.rpIDHash == SHA2.sha256("example.org"))
        #expect(data.flags == [.userPresent, .userVerified, .attestedCredentialData, .extensionData])
        #expect(data.signCount == 0x0102_0304)
        #expect(data.attestedCredentialData?.credentialID == authenticator.credentialID)
        #expect(data.attestedCredentialData?.aaguid == authenticator.aaguid)
        #expect(data.attestedCredentialData?.credentialPublicKey.bytes == authenticator.coseKey)
        #expect(data.extensions == extensions)
    }

    @Test func truncatedOrInconsistentAuthenticatorDataIsRejected() throws {
        let authenticator = try SyntheticAuthenticator()
        let full = authenticator.authenticatorData(flags: 0x01, attested: true)
        for length in [0, 36, 37, 54, 55, 60, full.count - 1] {
            #expect(throws: PasskeyError(.malformed)) { try AuthenticatorData(bytes: Array(full.prefix(length))) }
        }
        // ED set without extensions; AT clear with credential data following.
        var noExtensions = full
        noExtensions[32] |= 0x80
        #expect(throws: PasskeyError(.malformed)) { try AuthenticatorData(bytes: noExtensions) }
        var noAT = full
        noAT[32] &= ~0x40
        #expect(throws: PasskeyError(.malformed)) { try AuthenticatorData(bytes: noAT) }
        // A credential ID length over 1023.
        var long = full
        long[53] = 0x04
        long[54] = 0x00
        #expect(throws: PasskeyError(.malformed)) { try AuthenticatorData(bytes: long) }
    }

    @Test func unsupportedCOSEKeysAreRejectedWithTheirOwnCode() {
        let p384 = CBOREncoder.encode(.map([
            (.unsigned(1), .unsigned(2)), (.unsigned(3), CBOREncoder.int(-35)), (CBOREncoder.int(-1), .unsigned(2)),
            (CBOREncoder.int(-2), .bytes(Array(repeating: 1, count: 48))), (CBOREncoder.int(-3), .bytes(Array(repeating: 1, count: 48))),
        ]))
        #expect(throws: PasskeyError(.unsupportedAlgorithm)) { try COSEKey(bytes: p384) }
        let es256OnP384 = CBOREncoder.encode(.map([
            (.unsigned(1), .unsigned(2)), (.unsigned(3), CBOREncoder.int(-7)), (CBOREncoder.int(-1), .unsigned(2)),
            (CBOREncoder.int(-2), .bytes(Array(repeating: 1, count: 32))), (CBOREncoder.int(-3), .bytes(Array(repeating: 1, count: 32))),
        ]))
        #expect(throws: PasskeyError(.unsupportedAlgorithm)) { try COSEKey(bytes: es256OnP384) }
        let offCurve = CBOREncoder.encode(.map([
            (.unsigned(1), .unsigned(2)), (.unsigned(3), CBOREncoder.int(-7)), (CBOREncoder.int(-1), .unsigned(1)),
            (CBOREncoder.int(-2), .bytes(Array(repeating: 1, count: 32))), (CBOREncoder.int(-3), .bytes(Array(repeating: 1, count: 32))),
        ]))
        #expect(throws: PasskeyError(.malformed)) { try COSEKey(bytes: offCurve) }
        #expect(throws: PasskeyError(.malformed)) { try COSEKey(bytes: [0xA0]) }
    }
}
