import Foundation
import Testing
import VestibuleCrypto

private struct RFCExample: Decodable, Sendable, CustomTestStringConvertible {
    var name: String
    var jwk: JWK
    var algorithm: JWSAlgorithm
    var compact: String
    var payload: String

    var testDescription: String { name }

    static let all: [RFCExample] = {
        struct File: Decodable { var examples: [RFCExample] }
        return try! Fixtures.vector("rfc-jws-examples.json", as: File.self).examples
    }()
}

@Suite struct JWSKnownAnswerTests {
    @Test(arguments: RFCExample.all)
    fileprivate func rfcExampleVerifiesWithItsJWK(_ example: RFCExample) throws {
        let key = try PublicKey(jwk: example.jwk)
        #expect(key.algorithm == example.algorithm)
        let verifier = JWSVerifier(key: key, allowedAlgorithms: [example.algorithm])
        let (header, payload) = try verifier.verify(example.compact)
        #expect(header.alg == example.algorithm.rawValue)
        #expect(payload == Array(example.payload.utf8))
    }

    @Test(arguments: RFCExample.all)
    fileprivate func rfcExampleWithOneSignatureCharacterChangedIsRejected(_ example: RFCExample) throws {
        let key = try PublicKey(jwk: example.jwk)
        let verifier = JWSVerifier(key: key, allowedAlgorithms: [example.algorithm])
        // Change a character in the middle of the signature (the last one may only carry padding bits).
        var characters = Array(example.compact)
        let index = characters.count - 10
        characters[index] = characters[index] == "A" ? "B" : "A"
        #expect(throws: JWSError(.badSignature)) { try verifier.verify(String(characters)) }
    }
}
