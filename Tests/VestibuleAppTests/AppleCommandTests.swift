import Foundation
import Testing
import VestibuleCrypto
import VestibuleHTTPClient
import VestibuleJSON
import VestibuleTesting

/// `vestibule apple client-secret` and `vestibule apple verify`, run as the operator runs them.
@Suite struct AppleCommandTests {
    // MARK: client-secret

    @Test func clientSecretIsAnES256JWTForTheConfiguredTeamAndKey() throws {
        let key = try SigningKey.generate(.es256)
        let keyFile = try temporaryFile("key.p8", key.pkcs8PEM())
        let before = Date()
        let result = try VestibuleExecutable.run(
            ["apple", "client-secret", "--client-id", "com.example.app", "--lifetime", "3600"] + Self.settings(keyFile)
        )
        #expect(result.status == 0, "\(result.output)")
        let secret = try #require(result.output.split(separator: "\n").last.map(String.init))

        let keys = KeyCache(jwks: JWKS(keys: [key.publicJWK(keyID: "KEYID12345")]))
        let claims = try JWTValidator(keys: keys, allowedAlgorithms: [.es256]).verify(secret, now: Date())
        #expect(claims.header.kid == "KEYID12345")
        #expect(claims.iss == "ABCDE12345")
        #expect(claims.sub == "com.example.app")
        #expect(claims.aud == ["https://appleid.apple.com"])
        let issuedAt = try #require(claims.iat)
        #expect(claims.exp.timeIntervalSince(issuedAt) == 3600)
        #expect(issuedAt < before, "iat is backdated for Apple's clock")
        // JWS ES256 is raw R‖S, not DER.
        #expect(try Base64URL.decode(String(secret.split(separator: ".")[2])).count == 64)
    }

    @Test func clientSecretDefaultsToTheServicesIDAndADay() throws {
        let key = try SigningKey.generate(.es256)
        let result = try VestibuleExecutable.run(
            ["apple", "client-secret", "--apple-team-id", "ABCDE12345", "--apple-key-id", "KEYID12345",
             "--apple-services-id", "com.example.web"],
            environment: ["VESTIBULE_APPLE_PRIVATE_KEY": key.pkcs8PEM()]
        )
        #expect(result.status == 0, "\(result.output)")
        let secret = try #require(result.output.split(separator: "\n").last.map(String.init))
        let keys = KeyCache(jwks: JWKS(keys: [key.publicJWK(keyID: "KEYID12345")]))
        let claims = try JWTValidator(keys: keys, allowedAlgorithms: [.es256]).verify(secret, now: Date())
        #expect(claims.sub == "com.example.web")
        #expect(claims.exp.timeIntervalSince(try #require(claims.iat)) == 86_400)
    }

    @Test func clientSecretRefusesALifetimeBeyondSixMonths() throws {
        let keyFile = try temporaryFile("key.p8", SigningKey.generate(.es256).pkcs8PEM())
        let result = try VestibuleExecutable.run(
            ["apple", "client-secret", "--lifetime", "15777001"] + Self.settings(keyFile)
        )
        #expect(result.status == 78)
        #expect(result.output.contains("--lifetime must be whole seconds from 601 to 15777000"))
        #expect(!result.output.contains("eyJ"))
    }

    @Test func clientSecretWithoutAppleSettingsNamesThem() throws {
        let result = try VestibuleExecutable.run(["apple", "client-secret"])
        #expect(result.status == 78)
        for setting in ["apple-team-id", "apple-key-id", "apple-services-id", "apple-private-key-file", "VESTIBULE_APPLE_PRIVATE_KEY"] {
            #expect(result.output.contains(setting), "names \(setting)")
        }
    }

    // MARK: verify, against real Apple-signed vectors

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func verifyAcceptsARealIdentityTokenAndPrintsItsClaims() throws {
        let vectors = try Vectors()
        let v01 = try vectors.vector("V01")
        let result = try vectors.verify(v01, audience: "com.gameroasters.stack4")
        #expect(result.status == 0, "\(result.output)")
        let claims = try #require(JSONValue(parsing: Array(result.output.utf8)))
        #expect(claims["sub"]?.stringValue == v01.claims["sub"]?.stringValue)
        #expect(claims["email_verified"]?.boolValue == true)
        #expect(claims["exp"]?.intValue == 1_614_517_594)
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func verifyRefusesATokenForAnotherAudience() throws {
        let vectors = try Vectors()
        let result = try vectors.verify(try vectors.vector("V01"), audience: "com.example.web")
        #expect(result.status == 1)
        #expect(result.output.contains("invalid: aud"))
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func verifyChecksTheWebFlowNonce() throws {
        let vectors = try Vectors()
        let v22 = try vectors.vector("V22")
        let right = try vectors.verify(v22, audience: "nl.digkas.wallet.client", ["--nonce", "hTPpgF7XAKbW37rEUS6pEVZqmoI"])
        #expect(right.status == 0, "\(right.output)")
        let wrong = try vectors.verify(v22, audience: "nl.digkas.wallet.client", ["--nonce", "hTPpgF7XAKbW37rEUS6pEVZqmoJ"])
        #expect(wrong.status == 1)
        #expect(wrong.output.contains("invalid: the token's nonce"))
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func verifyChecksANativeAppsHashedNonce() throws {
        let vectors = try Vectors()
        let v24 = try vectors.vector("V24")
        let raw = "hRM9XQrLLRIMRgyAzGMjcdQMm5QI.jMu"
        let native = try vectors.verify(v24, audience: "com.azesm.ziri", ["--nonce", raw, "--native"])
        #expect(native.status == 0, "\(native.output)")
        let asWeb = try vectors.verify(v24, audience: "com.azesm.ziri", ["--nonce", raw])
        #expect(asWeb.status == 1, "the raw value is not the claim: the app sent its hash")
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func verifyDecodesARealNotification() throws {
        let vectors = try Vectors()
        let result = try vectors.verify(try vectors.vector("V03"), audience: "com.gameroasters.stack4", ["--notification"])
        #expect(result.status == 0, "\(result.output)")
        let claims = try #require(JSONValue(parsing: Array(result.output.utf8)))
        #expect(claims["type"]?.stringValue == "email-disabled")
        #expect(claims["jti"]?.stringValue == "B94OdD03pFsaYaN-Ftv7mA")
        #expect(claims["event_time"]?.doubleValue == 1_630_085_403_648)
    }

    @Test func verifyWithoutAReadableKeySetIsAUsageError() throws {
        let result = try VestibuleExecutable.run(
            ["apple", "verify", "--keys", "/nonexistent/keys.json", "--audience", "com.example.web", "a.b.c"]
        )
        #expect(result.status == 78)
        #expect(result.output.contains("The key set /nonexistent/keys.json cannot be read"))
    }

    // MARK: Helpers

    private static func settings(_ keyFile: String) -> [String] {
        ["--apple-team-id", "ABCDE12345", "--apple-key-id", "KEYID12345", "--apple-services-id", "com.example.web",
         "--apple-private-key-file", keyFile]
    }

}

private func temporaryFile(_ name: String, _ contents: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("vestibule-cli-\(UUID().uuidString)-\(name)")
    try Data(contents.utf8).write(to: url)
    return url.path
}

/// The real Apple-signed tokens of `../shared/vectors/apple/`, and their key set written to a file for `--keys`.
private struct Vectors {
    struct Vector {
        let token: String
        let claims: JSONValue
        let clock: Int
    }

    static let file = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "shared/vectors/apple/apple-signed-jwts.json")
    static let isAvailable = FileManager.default.fileExists(atPath: file.path)
    static let skipMessage: Comment = "needs ../shared/vectors/apple/apple-signed-jwts.json next to this package"

    let root: JSONValue
    let keysFile: String

    init() throws {
        root = try #require(JSONValue(parsing: Array(try Data(contentsOf: Self.file))))
        keysFile = try temporaryFile("jwks.json", String(decoding: (root["jwks"] ?? .null).serialized, as: UTF8.self))
    }

    func vector(_ id: String) throws -> Vector {
        let item = try #require(root["vectors"]?.arrayValue?.first { $0["id"]?.stringValue == id }, "vector \(id)")
        return Vector(
            token: try #require(item["token"]?.stringValue), claims: item["claims"] ?? .null,
            clock: try #require(item["suggested_fixed_clock_unix"]?.intValue)
        )
    }

    /// `vestibule apple verify` at the vector's fixed clock (the tokens are expired), the token as an argument.
    func verify(_ vector: Vector, audience: String, _ extra: [String] = []) throws -> (status: Int32, output: String) {
        try VestibuleExecutable.run(
            ["apple", "verify", "--keys", keysFile, "--audience", audience, "--now", String(vector.clock)] + extra + [vector.token]
        )
    }
}
