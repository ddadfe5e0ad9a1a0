import Foundation
import Testing
import VestibuleCore
import VestibuleCrypto
import VestibuleTesting

/// The provider's tokens keep verifying across a key rotation made anywhere (another process, another instance):
/// the keys it caches are reread when a token names one they lack, and signing always uses the key that signs now.
@Suite struct OpenIDTokensTests {
    @Test func tokensSignedBeforeAndAfterARotationBothVerify() throws {
        let store = try makeTestStore()
        let clock = TestClock(startingAt: Date())
        let box = try SecretBox(keys: [.generate()])
        let keys = SigningKeys(store: store, secretBox: box, clock: clock.now)
        try keys.ensureSigningKeys()
        let tokens = OpenIDTokens(signer: TokenSigner(signingKeys: keys, issuer: "https://id.example.com", clock: clock.now))
        let grant = OpenIDGrant(
            id: "g", accountID: AccountID(rawValue: "a"), appID: "portal", browserSessionID: SessionID(rawValue: "s"),
            scopes: [.openID], method: .passkey, authTime: clock.now(), codeHash: [1], refreshTokenHash: [2],
            createdAt: clock.now(), expiresAt: clock.now().addingTimeInterval(3600)
        )
        let before = try tokens.accessToken(for: grant, clientID: "portal")
        #expect(tokens.verifiedAccessToken(before)?.sub == "a")

        // Another process rotates: its own SigningKeys on the same store.
        let newKeyID = try SigningKeys(store: store, secretBox: box, clock: clock.now).rotate(.es256)
        let after = try tokens.accessToken(for: grant, clientID: "portal")
        let header = try JSONDecoder().decode(
            JWSHeader.self, from: Data(try Base64URL.decode(String(after.split(separator: ".")[0])))
        )
        #expect(header.kid == newKeyID, "the new key signs at once")
        #expect(tokens.verifiedAccessToken(after)?.sub == "a", "a key the cache lacked is read")
        #expect(tokens.verifiedAccessToken(before)?.sub == "a", "the retired key still verifies")
    }
}
