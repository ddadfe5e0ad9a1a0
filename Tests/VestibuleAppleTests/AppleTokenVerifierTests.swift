import Foundation
import Synchronization
import Testing
import VestibuleApple
import VestibuleCrypto
import VestibuleJSON

/// The verifier against real Apple-signed tokens (known answers), and the ways a token must be refused.
@Suite(.enabled(if: AppleVectors.isAvailable, Comment(rawValue: AppleVectors.skipMessage)))
struct AppleTokenVerifierTests {
    let vectors: AppleVectors

    init() throws {
        vectors = try AppleVectors()
    }

    private func verifier(
        for vector: AppleVectors.Vector, audiences: Set<String>? = nil, at clock: Date? = nil,
        keys: JWKS? = nil, fetched: FetchCounter = FetchCounter()
    ) -> AppleTokenVerifier {
        let all = vectors.jwks
        return AppleTokenVerifier(
            issuer: "https://appleid.apple.com",
            audiences: audiences ?? [vector.claims["aud"]?.stringValue ?? ""],
            keys: KeyCache(jwks: keys ?? all),
            fetchKeys: {
                fetched.count.withLock { $0 += 1 }
                return all
            },
            clock: { clock ?? vector.clock }
        )
    }

    @Test func everyRealIdentityTokenVerifiesAndItsEmailFlagsReadAsBooleansWhateverTheirJSONType() throws {
        let tokens = vectors.vectors.filter { $0.kind == "identity_token" }
        #expect(tokens.count >= 10)
        for vector in tokens {
            let identity = try verifier(for: vector).verifyIdentityToken(vector.token, nonce: .none)
            #expect(identity.subject == vector.claims["sub"]?.stringValue, "\(vector.id)")
            #expect(identity.email == vector.claims["email"]?.stringValue, "\(vector.id)")
            let verified = vector.claims["email_verified"]
            #expect(identity.emailVerified == (verified == .bool(true) || verified == .string("true")), "\(vector.id)")
            let relay = vector.claims["is_private_email"]
            #expect(identity.isPrivateEmail == (relay == .bool(true) || relay == .string("true")), "\(vector.id)")
        }
    }

    @Test func theWebNonceIsCompareVerbatimAndTheNativeOneAsTheHexSHA256OfTheRawValue() throws {
        let web = try vectors.vector("V22")
        _ = try verifier(for: web).verifyIdentityToken(web.token, nonce: .raw("hTPpgF7XAKbW37rEUS6pEVZqmoI"))
        #expect(throws: AppleError(.nonceMismatch, "")) {
            try verifier(for: web).verifyIdentityToken(web.token, nonce: .raw("another nonce"))
        }
        let native = try vectors.vector("V24")
        let raw = try #require(native.derived?["raw_nonce"]?.stringValue)
        _ = try verifier(for: native).verifyIdentityToken(native.token, nonce: .hashed(raw: raw))
        #expect(throws: AppleError(.nonceMismatch, "")) {
            try verifier(for: native).verifyIdentityToken(native.token, nonce: .raw(raw))
        }
    }

    @Test func cHashAndAtHashBindTheTokenToItsCodeAndAccessToken() throws {
        let withCode = try vectors.vector("V24")
        let code = try #require(withCode.derived?["authorization_code"]?.stringValue)
        _ = try verifier(for: withCode).verifyIdentityToken(withCode.token, nonce: .none, code: code)
        #expect(throws: AppleError(.hashMismatch, "")) {
            try verifier(for: withCode).verifyIdentityToken(withCode.token, nonce: .none, code: code + "x")
        }
        let withAccessToken = try vectors.vector("V26")
        let accessToken = try #require(withAccessToken.derived?["access_token"]?.stringValue)
        _ = try verifier(for: withAccessToken).verifyIdentityToken(withAccessToken.token, nonce: .none, accessToken: accessToken)
        #expect(throws: AppleError(.hashMismatch, "")) {
            try verifier(for: withAccessToken).verifyIdentityToken(withAccessToken.token, nonce: .none, accessToken: "forged")
        }
    }

    @Test func aTokenForAnotherClientExpiredOrAlteredIsRefused() throws {
        let vector = try vectors.vector("V15")
        #expect(throws: AppleError(.invalidToken, "")) {
            try verifier(for: vector, audiences: ["com.example.other"]).verifyIdentityToken(vector.token, nonce: .none)
        }
        let afterExpiry = Date(timeIntervalSince1970: (vector.claims["exp"]?.doubleValue ?? 0) + 3600)
        #expect(throws: AppleError(.invalidToken, "")) {
            try verifier(for: vector, at: afterExpiry).verifyIdentityToken(vector.token, nonce: .none)
        }
        let beforeIssue = Date(timeIntervalSince1970: (vector.claims["iat"]?.doubleValue ?? 0) - 3600)
        #expect(throws: AppleError(.invalidToken, ""), "iat in the future beyond the leeway") {
            try verifier(for: vector, at: beforeIssue).verifyIdentityToken(vector.token, nonce: .none)
        }
        let parts = vector.token.split(separator: ".").map(String.init)
        var payload = Array(parts[1].utf8)
        payload[10] = payload[10] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let altered = [parts[0], String(decoding: payload, as: UTF8.self), parts[2]].joined(separator: ".")
        #expect(throws: AppleError(.invalidToken, "")) {
            try verifier(for: vector).verifyIdentityToken(altered, nonce: .none)
        }
        for header in [#"{"alg":"none","kid":"x"}"#, #"{"alg":"HS256","kid":"x"}"#] {
            let forged = [Base64URL.encode(Array(header.utf8)), parts[1], parts[2]].joined(separator: ".")
            #expect(throws: AppleError(.invalidToken, "")) {
                try verifier(for: vector).verifyIdentityToken(forged, nonce: .none)
            }
        }
    }

    @Test func anUnknownKeyIDFetchesApplesKeysOnceAndThenVerifies() throws {
        let vector = try vectors.vector("V20")
        let fetched = FetchCounter()
        let verifier = verifier(for: vector, keys: JWKS(keys: []), fetched: fetched)
        _ = try verifier.verifyIdentityToken(vector.token, nonce: .none)
        _ = try verifier.verifyIdentityToken(vector.token, nonce: .none)
        #expect(fetched.count.withLock { $0 } == 1, "the key set is cached after one fetch")
    }

    @Test func aKeyIDThatStaysUnknownIsRefusedWithoutAFetchStorm() throws {
        let vector = try vectors.vector("V20")
        let fetched = FetchCounter()
        let verifier = AppleTokenVerifier(
            issuer: "https://appleid.apple.com", audiences: [vector.claims["aud"]?.stringValue ?? ""],
            keys: KeyCache(jwks: JWKS(keys: [])),
            fetchKeys: {
                fetched.count.withLock { $0 += 1 }
                return JWKS(keys: [])
            },
            clock: { vector.clock }
        )
        for _ in 0..<5 {
            #expect(throws: AppleError(.invalidToken, "")) { try verifier.verifyIdentityToken(vector.token, nonce: .none) }
        }
        #expect(fetched.count.withLock { $0 } == 1, "at most one fetch a minute")
    }

    /// After a restart the cache is empty and the first sign-ins come together: the second must wait for the
    /// first one's fetch and verify with its keys, not be refused for a `kid` the fetch under way is bringing.
    @Test func tokensArrivingTogetherBeforeTheFirstFetchAllVerify() throws {
        let vector = try vectors.vector("V20")
        let fetched = FetchCounter()
        let all = vectors.jwks
        let verifier = AppleTokenVerifier(
            issuer: "https://appleid.apple.com", audiences: [vector.claims["aud"]?.stringValue ?? ""],
            keys: KeyCache(jwks: JWKS(keys: [])),
            fetchKeys: {
                fetched.count.withLock { $0 += 1 }
                Thread.sleep(forTimeInterval: 0.3)  // Apple answering slowly: the other token arrives meanwhile
                return all
            },
            clock: { vector.clock }
        )
        let failures = Mutex<[String]>([])
        let group = DispatchGroup()
        for _ in 0..<2 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do { _ = try verifier.verifyIdentityToken(vector.token, nonce: .none) } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        group.wait()
        #expect(failures.withLock { $0 } == [])
        #expect(fetched.count.withLock { $0 } == 1, "one fetch for both")
    }

    @Test func realNotificationsAreVerifiedAndTheirEventsStringIsDecoded() throws {
        let disabled = try vectors.vector("V03")
        let email = try verifier(for: disabled).verifyNotification(disabled.token)
        #expect(email.kind == .emailDisabled)
        #expect(email.subject == "001026.16112b36378440d995af22b268f00984.1744")
        #expect(email.email == "zdfu7jtuus@privaterelay.appleid.com")
        #expect(email.id == "B94OdD03pFsaYaN-Ftv7mA")
        #expect(email.eventTime == Date(timeIntervalSince1970: 1_630_085_403.648))

        let revoked = try vectors.vector("V07")
        let consent = try verifier(for: revoked).verifyNotification(revoked.token)
        #expect(consent.kind == .consentRevoked)
        #expect(consent.subject == "002024.1951936c61fa47debb2b076e6896ccc1.1949")
        #expect(consent.email == nil)
    }
}

/// Counts key-set downloads.
final class FetchCounter: Sendable {
    let count = Mutex(0)
}
