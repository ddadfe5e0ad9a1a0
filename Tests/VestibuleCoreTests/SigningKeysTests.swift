import Foundation
import Testing
import VestibuleCore
import VestibuleCrypto
import VestibuleTesting

@Suite struct SigningKeysTests {
    let store: any Store
    let clock = TestClock(startingAt: TestClock.fixedStart)
    let keys: SigningKeys

    init() throws {
        store = try makeTestStore()
        keys = SigningKeys(store: store, secretBox: try SecretBox(keys: [.generate()]), clock: clock.now)
    }

    @Test func theFirstStartCreatesOneKeyAndLaterStartsKeepIt() throws {
        let first = try keys.ensureSigningKey()
        #expect(try keys.ensureSigningKey() == first)
        #expect(try keys.jwks().keys.map(\.kid) == [first])
    }

    @Test func aRotationPublishesTwoKeysUntilTheOldOnesWindowEnds() throws {
        let old = try keys.ensureSigningKey()
        let new = try keys.rotate()
        #expect(Set(try keys.jwks().keys.compactMap(\.kid)) == [old, new])
        #expect(try keys.signingKey().keyID == new)
        clock.advance(by: SigningKeys.retiredKeyPublication + 1)
        #expect(try keys.jwks().keys.compactMap(\.kid) == [new])
    }

    @Test func thePrivateKeyIsStoredSealed() throws {
        let keyID = try keys.ensureSigningKey()
        let stored = try #require(try store.signingKeys().first)
        let der = try keys.signingKey().key.pkcs8DER()
        #expect(stored.keyID == keyID)
        #expect(!stored.sealedPrivateKey.contains(subsequence: der.suffix(32)))
        #expect(!stored.publicJWK.contains("\"d\""), "the published JWK has no private member")
    }

    @Test func aTokenSignedWithTheSigningKeyVerifiesAgainstThePublishedSet() throws {
        try keys.ensureSigningKey()
        let (keyID, key) = try keys.signingKey()
        let token = try JWS.sign(payload: Array(#"{"sub":"a"}"#.utf8), key: key, keyID: keyID)
        let cache = KeyCache()
        try cache.replace(with: keys.jwks())
        let verified = try JWSVerifier(keys: cache, allowedAlgorithms: [.es256]).verify(token)
        #expect(verified.payload == Array(#"{"sub":"a"}"#.utf8))
    }

    @Test func keysSealedUnderAnotherSecretCannotBeUsed() throws {
        try keys.ensureSigningKey()
        let stranger = SigningKeys(store: store, secretBox: try SecretBox(keys: [.generate()]), clock: clock.now)
        #expect(throws: SigningKeys.Failure.self) { try stranger.signingKey() }
    }
}

extension Array where Element == UInt8 {
    func contains(subsequence: some Collection<UInt8>) -> Bool {
        let needle = Array(subsequence)
        guard !needle.isEmpty, needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { Array(self[$0..<($0 + needle.count)]) == needle }
    }
}
