import Testing
import VestibuleCrypto

@Suite struct SHA2Tests {
    @Test(arguments: DigestVectors.all.sha2)
    func matchesFIPS180KnownAnswers(_ vector: DigestVectors.SHA2Case) {
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
