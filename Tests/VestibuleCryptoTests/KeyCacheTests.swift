import Testing
import VestibuleCrypto

@Suite struct KeyCacheTests {
    @Test func keysAreBuiltOnceAndReusedWhenTheJWKSIsUnchanged() throws {
        let key = try SigningKey.generate(.es256)
        let jwks = JWKS.of([(key, "a")])
        let cache = KeyCache(jwks: jwks)
        let first = try #require(cache.key(for: "a"))
        cache.replace(with: jwks)
        #expect(cache.key(for: "a") === first)
    }

    @Test func replacingDropsKeysThatAreNoLongerPublished() throws {
        let cache = KeyCache(jwks: .of([(try SigningKey.generate(.edDSA), "old")]))
        cache.replace(with: .of([(try SigningKey.generate(.edDSA), "new")]))
        #expect(cache.keyIDs == ["new"])
        #expect(cache.key(for: "old") == nil)
    }

    @Test func unusableKeysAreReportedAndTheOthersStillLoad() throws {
        var noKid = try SigningKey.generate(.edDSA).publicJWK(keyID: "x")
        noKid.kid = nil
        let good = try SigningKey.generate(.edDSA).publicJWK(keyID: "good")
        let refused = KeyCache().replace(with: JWKS(keys: [noKid, JWK(kty: "oct", kid: "hmac"), good, good]))
        #expect(refused.count == 3)
        let cache = KeyCache(jwks: JWKS(keys: [noKid, JWK(kty: "oct", kid: "hmac"), good]))
        #expect(cache.keyIDs == ["good"])
    }

    /// Found by `Fuzz/` (`Fuzz/Corpus/jwks/regression-refused-key-kid-taken-over`): a key whose kid an earlier,
    /// refused key had was loaded under that kid.
    @Test func aKidSeenTwiceKeepsNoneButTheFirstEvenWhenTheFirstIsRefused() throws {
        var refusedFirst = try SigningKey.generate(.es256).publicJWK(keyID: "k")
        refusedFirst.y = Base64URL.encode([UInt8](repeating: 0, count: 32))  // not on the curve
        let later = try SigningKey.generate(.es256).publicJWK(keyID: "k")
        let cache = KeyCache()
        let refused = cache.replace(with: JWKS(keys: [refusedFirst, later]))
        #expect(refused.count == 2)
        #expect(cache.key(for: "k") == nil)
    }

    @Test func concurrentReadersAndARefreshDoNotRace() async throws {
        let key = try SigningKey.generate(.es256)
        let cache = KeyCache(jwks: .of([(key, "a")]))
        let token = try JWS.sign(payload: Array("{}".utf8), key: key, keyID: "a")
        let verifier = JWSVerifier(keys: cache, allowedAlgorithms: [.es256])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<50 { _ = try verifier.verify(token) }
                }
            }
            group.addTask { cache.replace(with: .of([(key, "a")])) }
            try await group.waitForAll()
        }
    }
}
