import Foundation
import Testing
import VestibuleCrypto
import VestibuleJSON

/// Real Sign in with Apple tokens from `<package root>/../shared/vectors/apple/apple-signed-jwts.json`.
private struct AppleVectors: Decodable {
    struct Vector: Decodable, Sendable, CustomTestStringConvertible {
        var id: String
        var kind: String
        var token: String
        var header: JWSHeader
        var claims: [String: JSONValue]
        var suggested_fixed_clock_unix: Double

        var testDescription: String { "\(id) \(kind)" }
        var clock: Date { Date(timeIntervalSince1970: suggested_fixed_clock_unix) }
    }

    var jwks: JWKS
    var vectors: [Vector]

    /// Empty when the shared folder is absent; the tests are then skipped by their trait.
    static let file: AppleVectors? = try? Fixtures.decode(Fixtures.appleTokensFile)
}

@Suite(.enabled(if: Fixtures.appleTokensAvailable,
                "needs ../shared/vectors/apple/apple-signed-jwts.json next to this package"))
struct AppleTokenTests {
    // Built once, as the server builds it once per JWKS refresh.
    private static let cache = KeyCache(jwks: AppleVectors.file?.jwks ?? JWKS(keys: []))

    private let validator = JWTValidator(keys: Self.cache, allowedAlgorithms: [.rs256])

    @Test func everyAppleKeyLoads() throws {
        let jwks = try #require(AppleVectors.file).jwks
        #expect(KeyCache().replace(with: jwks).isEmpty)
        #expect(Self.cache.keyIDs.count == jwks.keys.count)
    }

    @Test(arguments: AppleVectors.file?.vectors ?? [])
    fileprivate func realAppleTokenVerifiesAtItsFixedClock(_ vector: AppleVectors.Vector) throws {
        let claims = try validator.verify(vector.token, now: vector.clock)
        #expect(claims.header == vector.header)
        #expect(claims.iss == "https://appleid.apple.com")
        #expect(claims.sub == vector.claims["sub"]?.stringValue)
        #expect(claims.aud == [vector.claims["aud"]?.stringValue].compactMap { $0 })
        #expect(claims.all == vector.claims)
    }

    @Test(arguments: AppleVectors.file?.vectors ?? [])
    fileprivate func realAppleTokenWithOnePayloadCharacterChangedIsRejected(_ vector: AppleVectors.Vector) {
        var segments = vector.token.split(separator: ".").map(String.init)
        var payload = Array(segments[1])
        payload[10] = payload[10] == "A" ? "B" : "A"
        segments[1] = String(payload)
        #expect(throws: JWSError(.badSignature)) {
            try validator.verify(segments.joined(separator: "."), now: vector.clock)
        }
    }

    @Test(arguments: AppleVectors.file?.vectors ?? [])
    fileprivate func realAppleTokenIsExpiredOnceExpAndLeewayHavePassed(_ vector: AppleVectors.Vector) throws {
        let exp = try #require(vector.claims["exp"]?.doubleValue)
        let later = Date(timeIntervalSince1970: exp + 61)
        #expect(throws: JWSError(.expired)) { try validator.verify(vector.token, now: later) }
    }
}
