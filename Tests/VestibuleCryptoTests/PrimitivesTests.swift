import Testing
import VestibuleCrypto

private struct DigestVectors: Decodable {
    struct SHA2Case: Decodable, Sendable { var message: String; var sha256: String; var sha384: String; var sha512: String }
    struct HMACCase: Decodable, Sendable { var `case`: String; var key: String; var message: String; var mac: String }
    struct Base64Case: Decodable, Sendable { var bytes: String; var text: String }
    var sha2: [SHA2Case]
    var hmacSHA256: [HMACCase]
    var base64url: [Base64Case]

    static let all: DigestVectors = try! Fixtures.vector("digests.json")
}

@Suite struct Base64URLTests {
    @Test(arguments: DigestVectors.all.base64url)
    fileprivate func encodesAndDecodesRFC4648Vectors(_ vector: DigestVectors.Base64Case) throws {
        #expect(Base64URL.encode([UInt8](hex: vector.bytes)) == vector.text)
        #expect(try Base64URL.decode(vector.text) == [UInt8](hex: vector.bytes))
    }

    @Test(arguments: ["Zg==", "Zm9v YmFy", "+/8", "Z", "Zh", "Zm9=", "Zm9vYmF\n"])
    func rejectsPaddingForeignCharactersImpossibleLengthsAndNonZeroTrailingBits(_ text: String) {
        #expect(throws: CryptoError.self) { try Base64URL.decode(text) }
    }
}

@Suite struct SHA2Tests {
    @Test(arguments: DigestVectors.all.sha2)
    fileprivate func matchesFIPS180KnownAnswers(_ vector: DigestVectors.SHA2Case) {
        let message = [UInt8](hex: vector.message)
        #expect(SHA2.sha256(message).hex == vector.sha256)
        #expect(SHA2.sha384(message).hex == vector.sha384)
        #expect(SHA2.sha512(message).hex == vector.sha512)
    }

    @Test func stringOverloadsHashUTF8() {
        #expect(SHA2.sha256("abc") == SHA2.sha256(Array("abc".utf8)))
        #expect(SHA2.sha384("é") == SHA2.sha384([0xC3, 0xA9]))
        #expect(SHA2.sha512("abc") == SHA2.sha512(Array("abc".utf8)))
    }
}

@Suite struct HMACTests {
    @Test(arguments: DigestVectors.all.hmacSHA256)
    fileprivate func matchesRFC4231KnownAnswers(_ vector: DigestVectors.HMACCase) {
        let mac = HMAC.sha256(key: [UInt8](hex: vector.key), message: [UInt8](hex: vector.message))
        #expect(mac.hex == vector.mac, "\(vector.case)")
    }
}

@Suite struct ConstantTimeTests {
    @Test func equalBytesAreEqual() {
        #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        #expect(ConstantTime.equals([UInt8](), [UInt8]()))
    }

    @Test func anyDifferingByteMakesThemUnequal() {
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equals([0, 2, 3], [1, 2, 3]))
    }

    @Test func differentLengthsAreUnequalEvenWithACommonPrefix() {
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2]))
        #expect(!ConstantTime.equals([UInt8](), [0]))
    }

    @Test func comparesAcrossCollectionTypes() {
        let bytes: [UInt8] = [9, 1, 2, 3]
        #expect(ConstantTime.equals(bytes[1...], [1, 2, 3]))
        #expect(ConstantTime.equals(Array("abc".utf8), "abc".utf8))
    }
}

@Suite struct SecureRandomTests {
    @Test func returnsTheRequestedNumberOfBytes() {
        #expect(SecureRandom.bytes(0).isEmpty)
        #expect(SecureRandom.bytes(48).count == 48)
    }

    @Test func successiveDrawsDiffer() {
        #expect(SecureRandom.bytes(32) != SecureRandom.bytes(32))
        #expect(SecureRandom.token() != SecureRandom.token())
    }

    @Test func tokenIsBase64URLOfTheRequestedBytes() throws {
        let token = SecureRandom.token()
        #expect(token.count == 43)
        #expect(try Base64URL.decode(token).count == 32)
        #expect(try Base64URL.decode(SecureRandom.token(byteCount: 16)).count == 16)
    }
}
