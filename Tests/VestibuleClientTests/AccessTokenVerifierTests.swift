import Foundation
import Testing
import VestibuleAPI
import VestibuleClient
import VestibuleCrypto

/// Access tokens from a real `vestibule serve`, checked offline against its JWKS: the signature, `iss`, `aud` and
/// the times on an injected clock, and the keys fetched again when a token names one not seen yet, at most once per
/// interval.
@Suite struct AccessTokenVerifierTests {
    @Test func aTokenFromVestibuleVerifiesOfflineAndNamesTheAccountAndHowItSignedIn() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let signedIn = try vestibule.signInWithApple(as: "ada@icloud.example", through: client)
        let token = try client.accessToken(sessionToken: try #require(signedIn.sessionToken))
        #expect(token.tokenType == "Bearer")
        #expect(token.expiresIn == 300)

        let verified = try AccessTokenVerifier(client: client).verify(token.accessToken)
        #expect(verified.accountID == signedIn.accountID)
        #expect(verified.methods == ["apple"])
        #expect(verified.claims.iss == vestibule.origin)
        #expect(verified.claims.aud == vestibule.origin, "no audience asked: the token is for Vestibule itself")
        #expect(verified.sessionHash.count == 64)
    }

    @Test func aTokenIsRefusedAsExpiredOnceItsFiveMinutesAndTheLeewayHavePassed() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let session = try #require(try vestibule.signInWithApple(as: "ada@icloud.example", through: client).sessionToken)
        let token = try client.accessToken(sessionToken: session).accessToken
        let clock = ManualClock()
        let verifier = AccessTokenVerifier(client: client, leeway: .seconds(30), clock: clock.read)

        // `iat` is in whole seconds, so `exp` may lie up to a second before this clock's start plus 300.
        clock.advance(seconds: 300 + 25)
        #expect(try verifier.verify(token).accountID.isEmpty == false, "within the leeway")
        clock.advance(seconds: 10)
        #expect(try refusal { try verifier.verify(token) } == .expired)
    }

    @Test func aTokenForAnotherAudienceIsRefusedAndOneForThisAPIIsAccepted() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let session = try #require(try vestibule.signInWithApple(as: "ada@icloud.example", through: client).sessionToken)
        let verifier = AccessTokenVerifier(client: client, audience: LiveVestibule.audience)

        let forVestibule = try client.accessToken(sessionToken: session).accessToken
        #expect(try refusal { try verifier.verify(forVestibule) } == .wrongAudience)
        let forThisAPI = try client.accessToken(sessionToken: session, audience: LiveVestibule.audience).accessToken
        #expect(try verifier.verify(forThisAPI).claims.aud == LiveVestibule.audience)
    }

    @Test func aTokenFromAnotherIssuerIsRefusedThoughItsSignatureVerifies() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let session = try #require(try vestibule.signInWithApple(as: "ada@icloud.example", through: client).sessionToken)
        let token = try client.accessToken(sessionToken: session).accessToken
        // The same server and keys, expected under another name: its tokens say `localhost`.
        let elsewhere = VestibuleClient(origin: vestibule.origin.replacingOccurrences(of: "localhost", with: "127.0.0.1"))
        let verifier = AccessTokenVerifier(client: elsewhere, audience: vestibule.origin)
        #expect(try refusal { try verifier.verify(token) } == .wrongIssuer)
    }

    @Test func aTokenSignedWithAnotherKeyUnderVestibulesKeyIDIsRefused() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let session = try #require(try vestibule.signInWithApple(as: "ada@icloud.example", through: client).sessionToken)
        let genuine = try AccessTokenVerifier(client: client).verify(client.accessToken(sessionToken: session).accessToken)
        let keyID = try #require(try client.signingKeys().keys.keys.first?.kid)

        let forged = try Self.token(genuine.claims, signedBy: SigningKey.generate(.es256), keyID: keyID)
        #expect(try refusal { try AccessTokenVerifier(client: client).verify(forged) } == .badSignature)
    }

    @Test func anUnknownKeyIDFetchesTheKeysAgainOnlyOncePerInterval() throws {
        let vestibule = try LiveVestibule()
        let transport = CountingTransport()
        let client = VestibuleClient(origin: vestibule.origin, transport: transport)
        let session = try #require(try vestibule.signInWithApple(as: "ada@icloud.example", through: client).sessionToken)
        let clock = ManualClock()
        let verifier = AccessTokenVerifier(client: client, refetchInterval: .seconds(30), clock: clock.read)
        let genuine = try verifier.verify(client.accessToken(sessionToken: session).accessToken)
        #expect(transport.count(of: APIPath.jwks) == 1)

        let stranger = try Self.token(genuine.claims, signedBy: SigningKey.generate(.es256), keyID: "not-published")
        clock.advance(seconds: 31)
        #expect(try refusal { try verifier.verify(stranger) } == .unknownKey)
        #expect(transport.count(of: APIPath.jwks) == 2, "an unknown kid fetches the keys again")
        clock.advance(seconds: 10)
        #expect(try refusal { try verifier.verify(stranger) } == .unknownKey)
        #expect(try refusal { try verifier.verify(stranger) } == .unknownKey)
        #expect(transport.count(of: APIPath.jwks) == 2, "not again within the interval")
        clock.advance(seconds: 21)
        #expect(try refusal { try verifier.verify(stranger) } == .unknownKey)
        #expect(transport.count(of: APIPath.jwks) == 3, "again once the interval has passed")
    }

    @Test func afterARotationTheNewKeysTokensVerifyAfterOneFetchAndTheOldKeysStillDo() throws {
        let vestibule = try LiveVestibule()
        let transport = CountingTransport()
        let client = VestibuleClient(origin: vestibule.origin, transport: transport)
        let session = try #require(try vestibule.signInWithApple(as: "ada@icloud.example", through: client).sessionToken)
        let clock = ManualClock()
        let verifier = AccessTokenVerifier(client: client, clock: clock.read)
        let before = try client.accessToken(sessionToken: session).accessToken
        #expect(try verifier.verify(before).accountID.isEmpty == false)

        try vestibule.rotateSigningKey()
        let after = try client.accessToken(sessionToken: session).accessToken
        #expect(try Self.keyID(of: after) != Self.keyID(of: before), "the new key signs")
        clock.advance(seconds: 60)
        #expect(try verifier.verify(after).accountID.isEmpty == false)
        #expect(try verifier.verify(before).accountID.isEmpty == false, "the retired key stays published")
        #expect(transport.count(of: APIPath.jwks) == 2)
    }

    // MARK: Steps

    /// Why `verify` refused, `nil` when it accepted.
    func refusal(_ verify: () throws -> VerifiedAccessToken) throws -> AccessTokenError.Code? {
        do {
            _ = try verify()
            return nil
        } catch let error as AccessTokenError {
            return error.code
        }
    }

    /// `claims` as a token signed by `key` under `keyID`, as Vestibule signs its own.
    static func token(_ claims: AccessTokenClaims, signedBy key: SigningKey, keyID: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try JWS.sign(payload: Array(encoder.encode(claims)), key: key, keyID: keyID, type: "at+jwt")
    }

    static func keyID(of token: String) throws -> String? {
        let header = try Base64URL.decode(String(token.prefix { $0 != "." }))
        return try JSONDecoder().decode(JWSHeader.self, from: Data(header)).kid
    }
}
