import Foundation
import Synchronization
import Testing
import VestibuleApple
import VestibuleCrypto
import VestibuleJSON

@Suite struct AppleClientSecretsTests {
    let key: SigningKey
    let credentials: AppleCredentials

    init() throws {
        let generated = try SigningKey.generate(.es256)
        // A `.p8` file as Apple hands it out: PKCS #8 in PEM armour, lines of 64 characters.
        let base64 = Data(try generated.pkcs8DER()).base64EncodedString(options: .lineLength64Characters)
        let pem = "-----BEGIN PRIVATE KEY-----\n\(base64)\n-----END PRIVATE KEY-----\n"
        key = try AppleCredentials.privateKey(pem: pem)
        credentials = try AppleCredentials(
            teamID: "TEAM123456", keyID: "KEY1234567", privateKey: key, servicesID: "com.example.web",
            bundleIDs: ["com.example.app"], redirectURI: "https://id.example.com/apple/callback"
        )
    }

    @Test func aSecretIsAnES256JWTThatApplesRulesAccept() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let secrets = AppleClientSecrets(credentials: credentials, audience: "https://appleid.apple.com", clock: { now })
        let secret = try secrets.secret(for: "com.example.app")
        let validator = JWTValidator(
            verifier: JWSVerifier(key: try PublicKey(jwk: key.publicJWK(keyID: "KEY1234567")), allowedAlgorithms: [.es256])
        )
        let claims = try validator.verify(secret, now: now, leeway: .zero)
        #expect(claims.header.kid == "KEY1234567")
        #expect(claims.header.alg == "ES256")
        #expect(claims.iss == "TEAM123456")
        #expect(claims.sub == "com.example.app", "sub is the client_id of the request it authenticates")
        #expect(claims.aud == ["https://appleid.apple.com"])
        let issuedAt = try #require(claims.iat)
        #expect(issuedAt < now, "iat is backdated against clock skew")
        #expect(claims.exp.timeIntervalSince(issuedAt) <= AppleClientSecrets.maximumLifetime)
        #expect(secret.split(separator: ".")[2].count == 86, "raw R‖S: 64 bytes, not DER")
    }

    @Test func aSecretIsReusedUntilCloseToExpiryThenMintedAgain() throws {
        let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let secrets = AppleClientSecrets(
            credentials: credentials, audience: "https://appleid.apple.com", lifetime: 86_400,
            clock: { now.withLock { $0 } }
        )
        let first = try secrets.secret(for: "com.example.web")
        #expect(try secrets.secret(for: "com.example.web") == first)
        #expect(try secrets.secret(for: "com.example.app") != first, "one secret per client ID")
        now.withLock { $0 = $0.addingTimeInterval(80_000) }
        #expect(try secrets.secret(for: "com.example.web") != first)
    }

    @Test func aKeyThatIsNotP256IsRefused() throws {
        #expect(throws: AppleError(.misconfigured, "")) {
            try AppleCredentials(
                teamID: "T", keyID: "K", privateKey: try SigningKey.generate(.edDSA), servicesID: "s", bundleIDs: [],
                redirectURI: "https://x"
            )
        }
        #expect(throws: AppleError(.misconfigured, "")) { try AppleCredentials.privateKey(pem: "not a key") }
    }
}
