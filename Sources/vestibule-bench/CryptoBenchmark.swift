import CSodium
import Foundation
import Synchronization
import VestibuleApple
import VestibuleCrypto

/// Measures Vestibule's crypto on one core, next to the raw library rate where Swift can call it directly.
/// Prints one `name rate` line per measurement (operations per second) for `scripts/bench.sh` to collect.
/// The HTTP comparison (wrk against `vestibule serve` and nginx) and `openssl speed` live in that script.
enum CryptoBenchmark {
    /// `vestibule-bench [SECONDS] [NAME…]`: every measurement, or only the named ones.
    static func main(arguments: [String]) {
        let seconds = arguments.first.flatMap(Double.init) ?? 2
        let selected = Set(arguments.dropFirst())
        let measurements: [(String, () throws -> Double)] = [
            ("jws-verify-rs256", { try verifyRate(.rs256, seconds: seconds) }),
            ("jws-verify-es256", { try verifyRate(.es256, seconds: seconds) }),
            ("apple-identity-token-rs256", { try appleIdentityTokenRate(seconds: seconds) }),
            ("passkey-assertion-es256", { try passkeyAssertionRate(seconds: seconds) }),
            ("argon2id-vestibule", { try argon2idRate(seconds: seconds) }),
            ("argon2id-libsodium-raw", { rawArgon2idRate(seconds: seconds) }),
            ("argon2id-libsodium-raw-all-cores", { allCoresRawArgon2idRate(seconds: seconds) }),
        ]
        do {
            for (name, measure) in measurements where selected.isEmpty || selected.contains(name) {
                report(name, try measure())
            }
        } catch {
            FileHandle.standardError.write(Data("vestibule-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Full JWS verification as the Apple sign-in path does it: parse, look up the key by `kid` in the cache,
    /// check the signature.
    static func verifyRate(_ algorithm: JWSAlgorithm, seconds: Double) throws -> Double {
        let key = try SigningKey.generate(algorithm)
        let token = try JWS.sign(payload: Array(#"{"iss":"https://appleid.apple.com","sub":"001"}"#.utf8), key: key, keyID: "k")
        let cache = KeyCache()
        _ = cache.replace(with: JWKS(keys: [key.publicJWK(keyID: "k")]))
        let verifier = JWSVerifier(keys: cache, allowedAlgorithms: [algorithm])
        return try rate(seconds: seconds) { _ = try verifier.verify(token) }
    }

    /// An identity token checked as a Sign in with Apple does it: the RS256 signature with the key Apple's key set
    /// names, then `iss`, `aud`, `exp` and `iat`, and the nonce.
    static func appleIdentityTokenRate(seconds: Double) throws -> Double {
        let key = try SigningKey.generate(.rs256)
        let now = Int(Date().timeIntervalSince1970)
        let claims = """
            {"iss":"https://appleid.apple.com","aud":"com.example.web","sub":"001234.abcdef","iat":\(now),\
            "exp":\(now + 600),"nonce":"bench-nonce","email":"a@privaterelay.appleid.com","email_verified":true,\
            "is_private_email":true,"real_user_status":2}
            """
        let token = try JWS.sign(payload: Array(claims.utf8), key: key, keyID: "k")
        let keys = KeyCache()
        _ = keys.replace(with: JWKS(keys: [key.publicJWK(keyID: "k")]))
        let verifier = AppleTokenVerifier(
            issuer: "https://appleid.apple.com", audiences: ["com.example.web"], keys: keys,
            fetchKeys: { throw BenchmarkError("the key set is given, never fetched") }
        )
        return try rate(seconds: seconds) { _ = try verifier.verifyIdentityToken(token, nonce: .raw("bench-nonce")) }
    }

    /// A whole WebAuthn assertion check with an ES256 passkey: client data JSON parsed and checked, the
    /// authenticator data parsed and checked, the COSE key decoded, the DER signature verified.
    static func passkeyAssertionRate(seconds: Double) throws -> Double {
        let assertion = try PasskeyAssertion()
        return try rate(seconds: seconds) { try assertion.verify() }
    }

    /// Vestibule's hasher at its defaults (OWASP: m = 19 MiB, t = 2, p = 1).
    static func argon2idRate(seconds: Double) throws -> Double {
        let hasher = PasswordHasher()
        return try rate(seconds: seconds) { _ = try hasher.hash("correct horse battery staple") }
    }

    /// libsodium's `crypto_pwhash` with the same parameters and no Swift around it: the physical limit.
    static func rawArgon2idRate(seconds: Double) -> Double {
        // sodium_init is idempotent and thread-safe.
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        let password = Array("correct horse battery staple".utf8).map { CChar(bitPattern: $0) }
        var salt = [UInt8](repeating: 7, count: Int(crypto_pwhash_SALTBYTES))
        var output = [UInt8](repeating: 0, count: 32)
        return (try? rate(seconds: seconds) {
            let status = crypto_pwhash(
                &output, UInt64(output.count), password, UInt64(password.count), &salt,
                2, 19_456 * 1024, crypto_pwhash_ALG_ARGON2ID13
            )
            precondition(status == 0, "crypto_pwhash failed")
        }) ?? 0
    }

    /// The raw rate with one hashing thread per core: the ceiling for password sign-ins on this machine.
    static func allCoresRawArgon2idRate(seconds: Double) -> Double {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let rates = Mutex([Double]())
        DispatchQueue.concurrentPerform(iterations: cores) { _ in
            let rate = rawArgon2idRate(seconds: seconds)
            rates.withLock { $0.append(rate) }
        }
        return rates.withLock { $0.reduce(0, +) }
    }

    /// Operations per second of `operation`, run repeatedly for `seconds` after a short warm-up.
    static func rate(seconds: Double, _ operation: () throws -> Void) throws -> Double {
        for _ in 0..<3 { try operation() }
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        var count = 0
        while clock.now < deadline {
            try operation()
            count += 1
        }
        let elapsed = clock.now - start
        return Double(count) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    static func report(_ name: String, _ rate: Double) {
        // Unbuffered, so progress shows while the next measurement runs.
        FileHandle.standardOutput.write(Data("\(name) \(String(format: "%.1f", rate))\n".utf8))
    }
}
