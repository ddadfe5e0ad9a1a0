import Testing
import VestibuleCrypto

@Suite struct SecretKeyTests {
    @Test func keyRoundTripsThroughBase64URLWithTheSameDerivedID() throws {
        let key = SecretKey.generate()
        let restored = try SecretKey(base64url: key.encoded)
        #expect(restored.id == key.id)
        #expect(restored.encoded == key.encoded)
        #expect(key.id.count == 8 && key.id.allSatisfy(\.isHexDigit))
    }

    @Test func descriptionAndReflectionDoNotRevealTheKey() {
        let key = SecretKey.generate()
        #expect(!"\(key)".contains(key.encoded))
        var dumped = ""
        dump(key, to: &dumped)
        #expect(!dumped.contains(key.encoded))
        #expect(dumped.contains(key.id))
    }

    @Test func keysOfTheWrongLengthOrWithBadIdsAreRefused() {
        #expect(throws: CryptoError.self) { try SecretKey(bytes: [UInt8](repeating: 1, count: 16)) }
        #expect(throws: CryptoError.self) { try SecretKey(bytes: [UInt8](repeating: 1, count: 32), id: "") }
        #expect(throws: CryptoError.self) { try SecretKey(bytes: [UInt8](repeating: 1, count: 32), id: "has space") }
        #expect(throws: CryptoError.self) { try SecretKey(base64url: "not base64!") }
    }
}
