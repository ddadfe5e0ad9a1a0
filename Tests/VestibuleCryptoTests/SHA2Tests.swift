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

    @Test(arguments: DigestVectors.all.sha2)
    func aStreamFedInPiecesMatchesTheKnownAnswer(_ vector: DigestVectors.SHA2Case) {
        let message = [UInt8](hex: vector.message)
        let stream = SHA256Stream()
        // Uneven pieces, one of them empty, as a file read in chunks ends.
        var rest = message[...]
        for size in [0, 1, 7, 64, 100] + Array(repeating: 1000, count: message.count / 1000 + 1) {
            let piece = Array(rest.prefix(size))
            rest = rest.dropFirst(size)
            piece.withUnsafeBytes { stream.update($0) }
        }
        #expect(stream.finish().hex == vector.sha256)
    }

    @Test func stringOverloadsHashUTF8() {
        #expect(SHA2.sha256("abc") == SHA2.sha256(Array("abc".utf8)))
        #expect(SHA2.sha384("é") == SHA2.sha384([0xC3, 0xA9]))
        #expect(SHA2.sha512("abc") == SHA2.sha512(Array("abc".utf8)))
    }
}
