import Foundation
import Testing
import VestibuleCrypto

/// Each way a token must be refused, with its own error code.
@Suite struct JWSRejectionTests {
    // Shared by every test: RSA key generation is the slow part of this suite.
    private static let rsaKey = try! SigningKey.generate(.rs256)
    private static let ecKey = try! SigningKey.generate(.es256)
    private static let cache = KeyCache(jwks: .of([(rsaKey, "rsa-1")]))

    private var rsaKey: SigningKey { Self.rsaKey }
    private var ecKey: SigningKey { Self.ecKey }
    private var cache: KeyCache { Self.cache }
    private let validator = JWTValidator(keys: Self.cache, allowedAlgorithms: [.rs256, .es256])

    private func validClaims() -> [UInt8] {
        Forge.claims(exp: Fixtures.now + 300, iat: Fixtures.now)
    }

    @Test func wellFormedTokenFromTheCachedKeyVerifies() throws {
        let token = try JWS.sign(payload: validClaims(), key: rsaKey, keyID: "rsa-1")
        let claims = try validator.verify(token, now: Fixtures.now)
        #expect(claims.sub == "user-1")
    }

    @Test(arguments: ["none", "None", "NONE"])
    func unsignedTokenWithAlgNoneIsRejectedAsAlgorithmNone(_ alg: String) {
        let token = Forge.segment(#"{"alg":"\#(alg)","kid":"rsa-1"}"#) + "." + Base64URL.encode(validClaims()) + "."
        #expect(throws: JWSError(.algorithmNone)) { try validator.verify(token, now: Fixtures.now) }
    }

    @Test func algNoneIsRejectedBeforeAnyKeyIsLookedUp() {
        // With no keys at all, an unknown-kid error would mean the key lookup ran first.
        let empty = JWTValidator(keys: KeyCache(), allowedAlgorithms: [.rs256])
        let token = Forge.segment(#"{"alg":"none","kid":"missing"}"#) + "." + Base64URL.encode(validClaims()) + "."
        #expect(throws: JWSError(.algorithmNone)) { try empty.verify(token, now: Fixtures.now) }
    }

    /// The classic key-confusion attack: an HS256 token MACed with the RSA public key's bytes.
    @Test func hs256TokenKeyedWithTheRSAPublicKeyIsRejectedAsAlgorithmNotAllowed() throws {
        let publicJWK = rsaKey.publicJWK(keyID: "rsa-1")
        let signingInput = Forge.segment(#"{"alg":"HS256","kid":"rsa-1","typ":"JWT"}"#) + "." + Base64URL.encode(validClaims())
        let candidateSecrets = [
            try Base64URL.decode(try #require(publicJWK.n)),
            Array(try JSONEncoder().encode(publicJWK)),
        ]
        for secret in candidateSecrets {
            let mac = HMAC.sha256(key: secret, message: Array(signingInput.utf8))
            let forged = signingInput + "." + Base64URL.encode(mac)
            #expect(throws: JWSError(.algorithmNotAllowed)) { try validator.verify(forged, now: Fixtures.now) }
            let everything = JWTValidator(keys: cache, allowedAlgorithms: Set(JWSAlgorithm.allCases))
            #expect(throws: JWSError(.algorithmNotAllowed)) { try everything.verify(forged, now: Fixtures.now) }
        }
    }

    @Test func allowedAlgorithmOutsideTheVerifiersSetIsRejected() throws {
        let rsaOnly = JWTValidator(keys: KeyCache(jwks: .of([(ecKey, "ec-1")])), allowedAlgorithms: [.rs256])
        let token = try JWS.sign(payload: validClaims(), key: ecKey, keyID: "ec-1")
        #expect(throws: JWSError(.algorithmNotAllowed)) { try rsaOnly.verify(token, now: Fixtures.now) }
    }

    @Test func headerAlgorithmThatDoesNotMatchTheKidsKeyIsRejectedAsMismatch() throws {
        // A genuine ES256 signature, but its kid names the RSA key.
        let token = try JWS.sign(payload: validClaims(), key: ecKey, keyID: "rsa-1")
        #expect(throws: JWSError(.algorithmKeyMismatch)) { try validator.verify(token, now: Fixtures.now) }
    }

    @Test func unknownKidIsRejected() throws {
        let token = try JWS.sign(payload: validClaims(), key: rsaKey, keyID: "rsa-2")
        #expect(throws: JWSError(.unknownKeyID)) { try validator.verify(token, now: Fixtures.now) }
    }

    @Test func missingKidIsRejectedAsUnknownKeyID() throws {
        let signingInput = Forge.segment(#"{"alg":"RS256"}"#) + "." + Base64URL.encode(validClaims())
        let token = signingInput + "." + Base64URL.encode(try rsaKey.sign(Array(signingInput.utf8)))
        #expect(throws: JWSError(.unknownKeyID)) { try validator.verify(token, now: Fixtures.now) }
    }

    @Test func payloadWithOneCharacterChangedIsRejectedAsBadSignature() throws {
        let token = try JWS.sign(payload: validClaims(), key: rsaKey, keyID: "rsa-1")
        var segments = token.split(separator: ".").map(String.init)
        var payload = Array(segments[1])
        payload[5] = payload[5] == "x" ? "y" : "x"
        segments[1] = String(payload)
        #expect(throws: JWSError(.badSignature)) { try validator.verify(segments.joined(separator: "."), now: Fixtures.now) }
    }

    @Test func tokenIsExpiredOnceExpPlusLeewayHasPassed() throws {
        let token = try JWS.sign(payload: Forge.claims(exp: Fixtures.now), key: rsaKey, keyID: "rsa-1")
        #expect(throws: JWSError(.expired)) { try validator.verify(token, now: Fixtures.now + 60) }
        #expect(throws: JWSError(.expired)) { try validator.verify(token, now: Fixtures.now + 1, leeway: .zero) }
        _ = try validator.verify(token, now: Fixtures.now + 59)
    }

    @Test func tokenBeforeItsNotBeforeTimeIsRejectedAsNotYetValid() throws {
        let payload = Forge.claims(exp: Fixtures.now + 3600, nbf: Fixtures.now + 600)
        let token = try JWS.sign(payload: payload, key: rsaKey, keyID: "rsa-1")
        #expect(throws: JWSError(.notYetValid)) { try validator.verify(token, now: Fixtures.now) }
        _ = try validator.verify(token, now: Fixtures.now + 541)
    }

    @Test func tokenIssuedInTheFutureIsRejectedAsNotYetValid() throws {
        let payload = Forge.claims(exp: Fixtures.now + 3600, iat: Fixtures.now + 120)
        let token = try JWS.sign(payload: payload, key: rsaKey, keyID: "rsa-1")
        #expect(throws: JWSError(.notYetValid)) { try validator.verify(token, now: Fixtures.now) }
    }

    @Test func tokenWithoutExpIsRejectedAsMissingClaim() throws {
        let token = try JWS.sign(payload: Array(#"{"sub":"user-1"}"#.utf8), key: rsaKey, keyID: "rsa-1")
        #expect(throws: JWSError(.missingClaim)) { try validator.verify(token, now: Fixtures.now) }
    }

    @Test(arguments: ["", "a.b", "a.b.c.d", "!!!.e30.", "e30.e30.AA", "bm90IGpzb24.e30.AA"])
    func structurallyBrokenTokenIsRejectedAsMalformed(_ token: String) {
        #expect(throws: JWSError(.malformed)) { try validator.verify(token, now: Fixtures.now) }
    }

    @Test func criticalHeaderExtensionIsRejectedAsMalformed() throws {
        let signingInput = Forge.segment(#"{"alg":"RS256","kid":"rsa-1","crit":["exp"],"exp":1}"#) + "."
            + Base64URL.encode(validClaims())
        let token = signingInput + "." + Base64URL.encode(try rsaKey.sign(Array(signingInput.utf8)))
        #expect(throws: JWSError(.malformed)) { try validator.verify(token, now: Fixtures.now) }
    }

    /// Found by `Fuzz/` (`Fuzz/Corpus/jws/regression-header-not-json`): JSONDecoder read the header's `alg` and
    /// `kid` and let a broken number in another member pass, so a header no other JSON reader accepts verified.
    @Test(arguments: [#"{"alg":"RS256","kid":"rsa-1","bat":18.}"#, #"{"alg":"RS256","kid":"rsa-1",}"#])
    func signedTokenWhoseHeaderIsNotJSONIsRejectedAsMalformed(_ header: String) throws {
        let signingInput = Forge.segment(header) + "." + Base64URL.encode(validClaims())
        let token = signingInput + "." + Base64URL.encode(try rsaKey.sign(Array(signingInput.utf8)))
        #expect(throws: JWSError(.malformed)) { try validator.verify(token, now: Fixtures.now) }
    }

    @Test func signedClaimsThatAreNotJSONAreRejectedAsMalformed() throws {
        let claims = Array(String(decoding: validClaims().dropLast(), as: UTF8.self).appending(#","x":01}"#).utf8)
        let token = try JWS.sign(payload: claims, key: rsaKey, keyID: "rsa-1")
        #expect(throws: JWSError(.malformed)) { try validator.verify(token, now: Fixtures.now) }
    }

    @Test func claimsThatAreNotAJSONObjectAreRejectedAsMalformed() throws {
        let token = try JWS.sign(payload: Array("[1,2]".utf8), key: rsaKey, keyID: "rsa-1")
        #expect(throws: JWSError(.malformed)) { try validator.verify(token, now: Fixtures.now) }
    }

    @Test func everyRejectionHasItsOwnCode() {
        let codes: [JWSError.Code] = [
            .malformed, .algorithmNone, .algorithmNotAllowed, .algorithmKeyMismatch, .unknownKeyID,
            .badSignature, .expired, .notYetValid, .missingClaim,
        ]
        #expect(Set(codes).count == codes.count)
    }
}

@Suite struct JWSErrorTests {
    @Test func tokenSuppliedValuesInReasonsAreShortAndPrintable() throws {
        let validator = JWTValidator(keys: KeyCache(), allowedAlgorithms: [.rs256])
        let header = Forge.segment(#"{"alg":"RS256","kid":"evil\nINFO forged log line \#(String(repeating: "x", count: 100))"}"#)
        let error = #expect(throws: JWSError(.unknownKeyID)) { try validator.verify(header + ".e30.AA", now: Fixtures.now) }
        let reason = try #require(error?.reason)
        #expect(!reason.contains("\n"))
        #expect(reason.count < 80)
    }
}
