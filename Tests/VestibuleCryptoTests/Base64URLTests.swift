import Testing
import VestibuleCrypto

@Suite struct Base64URLTests {
    @Test(arguments: DigestVectors.all.base64url)
    func encodesAndDecodesRFC4648Vectors(_ vector: DigestVectors.Base64Case) throws {
        #expect(Base64URL.encode([UInt8](hex: vector.bytes)) == vector.text)
        #expect(try Base64URL.decode(vector.text) == [UInt8](hex: vector.bytes))
    }

    @Test(arguments: ["Zg==", "Zm9v YmFy", "+/8", "Z", "Zh", "Zm9=", "Zm9vYmF\n"])
    func rejectsPaddingForeignCharactersImpossibleLengthsAndNonZeroTrailingBits(_ text: String) {
        #expect(throws: CryptoError.self) { try Base64URL.decode(text) }
    }
}
