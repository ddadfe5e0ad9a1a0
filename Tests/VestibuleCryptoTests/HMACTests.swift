import Testing
import VestibuleCrypto

@Suite struct HMACTests {
    @Test(arguments: DigestVectors.all.hmacSHA256)
    func matchesRFC4231KnownAnswers(_ vector: DigestVectors.HMACCase) {
        let mac = HMAC.sha256(key: [UInt8](hex: vector.key), message: [UInt8](hex: vector.message))
        #expect(mac.hex == vector.mac, "\(vector.case)")
    }
}
