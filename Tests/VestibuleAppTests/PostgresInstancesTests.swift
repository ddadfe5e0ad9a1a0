import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCrypto
import VestibuleHTTP
import VestibuleTesting

/// Several Vestibule instances on one PostgreSQL database share everything a person sees: a session made on
/// one works on another, sign-out on one ends it everywhere, all publish the same signing keys, and a rate
/// limit counts attempts on every instance together.
@Suite(.serialized) struct PostgresInstancesTests {
    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL (make test installs it)"))
    func twoInstancesOnOneDatabaseShareSessionsAndSigningKeys() throws {
        try withTwoInstances { first, second in
            // Sign up and in through the first instance…
            let browser = FormClient(first)
            try browser.createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")
            let cookie = browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            // …and the second knows the session.
            let account = try second.respond("/account", headers: ["Cookie": cookie])
            #expect(account.status == .ok)
            #expect(account.text.contains("Using a password"))

            // Both publish the same keys: a token signed by one verifies with the other's JWKS.
            let firstKeys = try JSONDecoder().decode(JWKS.self, from: Data(first.respond("/.well-known/jwks.json").body))
            let secondKeys = try JSONDecoder().decode(JWKS.self, from: Data(second.respond("/.well-known/jwks.json").body))
            #expect(firstKeys == secondKeys)
            #expect(firstKeys.keys.compactMap(\.alg).sorted() == ["ES256", "RS256"], "one key per algorithm, made once")

            // Signing out on the second ends the session on the first too.
            let other = FormClient(second)
            other.adopt(cookies: browser.cookies)
            try other.get("/account")
            #expect(try other.post("/sign-out", [:]).status == .seeOther)
            #expect(try first.respond("/account", headers: ["Cookie": cookie]).status == .seeOther)
        }
    }

    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL (make test installs it)"))
    func aPasswordSignInLimitIsSharedByInstances() throws {
        let limited: (inout Configuration) -> Void = {
            $0.signInAttemptsPerMinute = 4
            $0.signInAttemptsPerAccount = 1000
        }
        try withTwoInstances(configure: limited) { first, second in
            // Guesses from one address, alternating between the instances as a load balancer would spread them:
            // each instance alone has seen at most three when the fifth is refused.
            let clients = [FormClient(first), FormClient(second)]
            for client in clients { try client.get("/sign-in") }
            var responses: [Response] = []
            for attempt in 0..<6 {
                let client = clients[attempt % 2]
                responses.append(try client.post("/sign-in", ["email": "user\(attempt)@example.com", "password": "wrong password"]))
            }
            #expect(responses.map(\.status.code) == [401, 401, 401, 401, 429, 429])
            #expect(Int(responses[4].headers["Retry-After"] ?? "") ?? 0 > 0)
        }
    }

    @Test func aSharedDatabaseWithoutSharedSecretKeysIsRefusedAtStartUp() {
        #expect {
            try ConfigurationLoader(arguments: ["--database", "postgres://vestibule@db.example.com/vestibule"], environment: [:]).load()
        } throws: { error in
            "\(error)".contains("set VESTIBULE_SECRET_KEYS to the same keys on every instance")
        }
    }

    /// Two instances on one fresh database with the same secret keys, as behind a load balancer; both are shut
    /// down and the database dropped after `body`.
    private func withTwoInstances(
        configure: (inout Configuration) -> Void = { _ in },
        _ body: (TestApplication, TestApplication) throws -> Void
    ) throws {
        try withScratchDatabase { url, _ in
            let secrets = ["VESTIBULE_SECRET_KEYS": SecretKey.generate().encoded]
            let instances = try (0..<2).map { _ in
                try TestApplication(environment: secrets) {
                    $0.databaseURL = url
                    configure(&$0)
                }
            }
            defer { instances.forEach { $0.application.shutdown() } }
            try body(instances[0], instances[1])
        }
    }
}
