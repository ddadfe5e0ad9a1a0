import Testing
import VestibuleCrypto

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
