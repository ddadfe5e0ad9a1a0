import Testing
import VestibuleCrypto

@Suite struct PasswordHasherTests {
    /// Small parameters keep most tests fast; the defaults are checked separately.
    private let hasher = PasswordHasher(parameters: .init(memoryKiB: 64, iterations: 1))

    @Test func hashOfAPasswordVerifiesWithThatPassword() throws {
        let encoded = try hasher.hash("correct horse battery staple")
        #expect(try hasher.verify("correct horse battery staple", against: encoded))
    }

    @Test func wrongPasswordDoesNotVerify() throws {
        let encoded = try hasher.hash("correct horse battery staple")
        #expect(try !hasher.verify("correct horse battery stapler", against: encoded))
        #expect(try !hasher.verify("", against: encoded))
    }

    @Test func emptyAndNonASCIIPasswordsHashAndVerify() throws {
        for password in ["", "pässwörd 🔑", "a\u{0}b"] {
            #expect(try hasher.verify(password, against: try hasher.hash(password)))
        }
        #expect(try !hasher.verify("a", against: try hasher.hash("a\u{0}b")))
    }

    @Test func samePasswordHashesDifferentlyEachTime() throws {
        #expect(try hasher.hash("same") != hasher.hash("same"))
    }

    @Test func defaultParametersAreOWASPArgon2idNineteenMiBTwoPasses() throws {
        #expect(PasswordHasher.Parameters.owasp == .init(memoryKiB: 19_456, iterations: 2))
        let encoded = try PasswordHasher().hash("password")
        #expect(encoded.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
        #expect(try PasswordHasher().verify("password", against: encoded))
    }

    @Test(arguments: [
        "",
        "not a hash",
        "$argon2id$v=19$m=64,t=1,p=1$",
        "$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$",
        "$argon2i$v=19$m=64,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$argon2id$v=19$m=4294967295,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$argon2id$v=19$m=64,t=4294967295,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$argon2id$v=19$m=64,t=1,p=4$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$argon2id$v=19$m=64,m=64,t=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        "$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHRzYWx0$" + String(repeating: "A", count: 200),
    ])
    func malformedOrAbusiveHashNeverVerifiesAndNeverTraps(_ encoded: String) throws {
        #expect(try !hasher.verify("password", against: encoded))
    }

    @Test func truncatedHashDoesNotVerify() throws {
        let encoded = try hasher.hash("password")
        #expect(try !hasher.verify("password", against: String(encoded.dropLast(4))))
    }

    @Test func hashMadeWithOtherParametersNeedsRehash() throws {
        let weak = try hasher.hash("password")
        #expect(PasswordHasher().needsRehash(weak))
        #expect(!hasher.needsRehash(weak))
        #expect(PasswordHasher().needsRehash("garbage"))
    }

    @Test func dummyHashCostsAsMuchAsARealHashAndMatchesNothingGuessable() throws {
        #expect(PasswordHasher.dummyHash.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
        #expect(!PasswordHasher().needsRehash(PasswordHasher.dummyHash))
        #expect(try !PasswordHasher().verify("", against: PasswordHasher.dummyHash))
        #expect(try !PasswordHasher().verify("password", against: PasswordHasher.dummyHash))
    }

    @Test func parametersOutsideTheAcceptedRangeAreRefused() {
        #expect(throws: CryptoError.self) { try PasswordHasher(parameters: .init(memoryKiB: 4, iterations: 1)).hash("p") }
        #expect(throws: CryptoError.self) { try PasswordHasher(parameters: .init(memoryKiB: 64, iterations: 0)).hash("p") }
    }
}
