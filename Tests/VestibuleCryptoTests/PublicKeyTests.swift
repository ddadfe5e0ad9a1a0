import Foundation
import Testing
import VestibuleCrypto

@Suite struct PublicKeyTests {
    /// A real 1024-bit RSA modulus (generated with `openssl genrsa 1024`).
    private static let rsa1024 = JWK(
        kty: "RSA",
        n: "7GZAhflkqP2eOvbLNvtZMPdhHsh1eakOyh5HjuDJFgFWr-QjwqGVdtzDO96ROqpUNTmE2c4D24DNKl_M_NU3qkzNe22c6WGlKz3OMezHnAFCKXk9x1OwxaWc8t8dWOf__Y8V89w70wa7jCsXfKsBu6xvWmjjkaa_mx-0Y31CUwM",
        e: "AQAB")
    private static let rfcP256 = JWK(
        kty: "EC", crv: "P-256", x: "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
        y: "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0")

    private func code(_ jwk: JWK) -> CryptoError.Code? {
        do {
            _ = try PublicKey(jwk: jwk)
            return nil
        } catch {
            return error.code
        }
    }

    @Test func rsaKeyUnder2048BitsIsRefusedAsWeak() {
        #expect(code(Self.rsa1024) == .weakKey)
    }

    /// OpenSSL's RSA public-key check is a randomised primality test; on this modulus (found by `Fuzz/`, target
    /// `attestation`: 2048 bits with the factor 761) it failed about one time in 25. A key must load or be refused
    /// the same way every time: a passkey that registered must still verify next week.
    @Test func anRSAKeyLoadsTheSameWayEveryTime() {
        let modulusWithSmallFactor = JWK(
            kty: "RSA",
            n: "6KfFp4F-G8KwfQbAxyUk0sojYZFlvQ95WYB6MjIouCDeEdY8nwAAAAAAAAAAAAAAAAAAAAAAAAAAABAREUFEX0RWQ1MREREREREapAEDAzkBACBZAQDop8WngX4bwrB9BsDHJSTSyiNhkWW9D3lZgHoyMqKqhES80GubwDMNyNOVOBCZ_v3XegM_2JSn6ek2utqw6TaYl35-XfqNuMAqoCgdCiGvH11MS1gaSKeEmHQxiejSxAhyy9zsr5JfEadNo-bS__9pkU32rAsJycRzWuf47dRlkqXg8BRSsuS13QBy31gc1c8iV3XAKzXuqT7CEVClARkGMSN8Dls9E09wdQ",
            e: "CLsB")
        let outcomes = Set((0..<200).map { _ in code(modulusWithSmallFactor) })
        #expect(outcomes == [nil])
    }

    @Test func rsaKeyWithAnEvenModulusOrExponentIsInvalid() {
        var even = Self.rsa1024
        even.n = "6KfFp4F-G8KwfQbAxyUk0sojYZFlvQ95WYB6MjIouCDeEdY8nwAAAAAAAAAAAAAAAAAAAAAAAAAAABAREUFEX0RWQ1MREREREREapAEDAzkBACBZAQDop8WngX4bwrB9BsDHJSTSyiNhkWW9D3lZgHoyMqKqhES80GubwDMNyNOVOBCZ_v3XegM_2JSn6ek2utqw6TaYl35-XfqNuMAqoCgdCiGvH11MS1gaSKeEmHQxiejSxAhyy9zsr5JfEadNo-bS__9pkU32rAsJycRzWuf47dRlkqXg8BRSsuS13QBy31gc1c8iV3XAKzXuqT7CEVClARkGMSN8Dls9E09wdA"
        #expect(code(even) == .invalidKey)
        var evenExponent = Self.rsa1024
        evenExponent.n = "6KfFp4F-G8KwfQbAxyUk0sojYZFlvQ95WYB6MjIouCDeEdY8nwAAAAAAAAAAAAAAAAAAAAAAAAAAABAREUFEX0RWQ1MREREREREapAEDAzkBACBZAQDop8WngX4bwrB9BsDHJSTSyiNhkWW9D3lZgHoyMqKqhES80GubwDMNyNOVOBCZ_v3XegM_2JSn6ek2utqw6TaYl35-XfqNuMAqoCgdCiGvH11MS1gaSKeEmHQxiejSxAhyy9zsr5JfEadNo-bS__9pkU32rAsJycRzWuf47dRlkqXg8BRSsuS13QBy31gc1c8iV3XAKzXuqT7CEVClARkGMSN8Dls9E09wdQ"
        evenExponent.e = "AQAA"
        #expect(code(evenExponent) == .invalidKey)
    }

    @Test func ecPointOffTheCurveIsRefused() {
        var offCurve = Self.rfcP256
        offCurve.y = "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a1"
        #expect(code(Self.rfcP256) == nil)
        #expect(code(offCurve) == .invalidKey)
    }

    @Test func jwkWhoseAlgDoesNotMatchItsKeyTypeIsRefused() {
        var declared = Self.rfcP256
        declared.alg = "RS256"
        #expect(code(declared) == .unsupportedKey)
    }

    @Test func encryptionKeyIsNotUsedForSignatures() {
        var encryption = Self.rfcP256
        encryption.use = "enc"
        #expect(code(encryption) == .unsupportedKey)
    }

    @Test func unsupportedTypesAndCurvesAreRefused() {
        #expect(code(JWK(kty: "oct")) == .unsupportedKey)
        #expect(code(JWK(kty: "EC", crv: "P-384", x: "AA", y: "AA")) == .unsupportedKey)
        #expect(code(JWK(kty: "OKP", crv: "X25519", x: "AA")) == .unsupportedKey)
    }

    @Test func missingOrMisencodedMembersAreInvalid() {
        #expect(code(JWK(kty: "RSA", e: "AQAB")) == .invalidKey)
        #expect(code(JWK(kty: "OKP", crv: "Ed25519", x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHUR=")) == .invalidKey)
        #expect(code(JWK(kty: "EC", crv: "P-256", x: "AAAA", y: "AAAA")) == .invalidKey)
    }

    @Test func decodingAJWKIgnoresPrivateMembers() throws {
        let json = #"{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","d":"nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A"}"#
        let jwk = try JSONDecoder().decode(JWK.self, from: Data(json.utf8))
        let encoded = String(decoding: try JSONEncoder().encode(jwk), as: UTF8.self)
        #expect(!encoded.contains("nWGxne"))
    }
}

