import Foundation
import Testing
import VestibuleCrypto

@Suite struct SigningRoundTripTests {
    @Test(arguments: JWSAlgorithm.allCases)
    func generatedKeySignsATokenItsPublishedJWKVerifies(_ algorithm: JWSAlgorithm) throws {
        let key = try SigningKey.generate(algorithm)
        #expect(key.algorithm == algorithm)
        let jwk = key.publicJWK(keyID: "k1")
        #expect(jwk.kid == "k1" && jwk.use == "sig" && jwk.alg == algorithm.rawValue)

        // Through JSON, as a JWKS is published and fetched.
        let fetched = try JSONDecoder().decode(JWKS.self, from: JSONEncoder().encode(JWKS(keys: [jwk])))
        let verifier = JWSVerifier(keys: KeyCache(jwks: fetched), allowedAlgorithms: [algorithm])
        let token = try JWS.sign(payload: Array("hello".utf8), key: key, keyID: "k1")
        let (header, payload) = try verifier.verify(token)
        #expect(header == JWSHeader(alg: algorithm.rawValue, kid: "k1", typ: "JWT"))
        #expect(payload == Array("hello".utf8))
    }

    @Test(arguments: JWSAlgorithm.allCases)
    func publicKeyFromTheJWKVerifiesWhatTheSigningKeySigned(_ algorithm: JWSAlgorithm) throws {
        let key = try SigningKey.generate(algorithm)
        let publicKey = try PublicKey(jwk: key.publicJWK(keyID: "k"))
        let message = Array("message".utf8)
        let signature = try key.sign(message)
        #expect(publicKey.isValidSignature(signature, for: message))
        #expect(!publicKey.isValidSignature(signature, for: Array("massage".utf8)))
    }

    @Test(arguments: JWSAlgorithm.allCases)
    func pkcs8ExportImportKeepsTheKey(_ algorithm: JWSAlgorithm) throws {
        let original = try SigningKey.generate(algorithm)
        let restored = try SigningKey(pkcs8DER: original.pkcs8DER())
        #expect(restored.algorithm == algorithm)
        #expect(restored.publicJWK(keyID: "k") == original.publicJWK(keyID: "k"))
        let message = Array("message".utf8)
        #expect(try PublicKey(jwk: original.publicJWK(keyID: "k")).isValidSignature(restored.sign(message), for: message))
    }

    @Test func es256SignaturesAreRawRAndSOf64Bytes() throws {
        let key = try SigningKey.generate(.es256)
        for _ in 0..<20 {
            #expect(try key.sign(Array("m".utf8)).count == 64)
        }
    }

    @Test func ecdsaDERSignatureIsNotAcceptedInPlaceOfRawRAndS() throws {
        let key = try SigningKey.generate(.es256)
        let publicKey = try PublicKey(jwk: key.publicJWK(keyID: "k"))
        let raw = try key.sign(Array("m".utf8))
        // A minimal DER wrapping of the same R and S (both made positive with a leading zero).
        let r = [0] + raw[0..<32], s = [0] + raw[32...]
        let der: [UInt8] = [0x30, UInt8(4 + r.count + s.count), 0x02, UInt8(r.count)] + r + [0x02, UInt8(s.count)] + s
        #expect(!publicKey.isValidSignature(der, for: Array("m".utf8)))
        #expect(publicKey.isValidSignature(raw, for: Array("m".utf8)))
    }

    @Test func garbageIsNotAPKCS8Key() {
        #expect(throws: CryptoError.self) { try SigningKey(pkcs8DER: [0x30, 0x03, 0x02, 0x01, 0x00]) }
        #expect(throws: CryptoError.self) { try SigningKey(pkcs8DER: []) }
    }

    @Test func pkcs8WithTrailingBytesIsRefused() throws {
        let der = try SigningKey.generate(.edDSA).pkcs8DER()
        #expect(throws: CryptoError.self) { try SigningKey(pkcs8DER: der + [0]) }
    }
}
