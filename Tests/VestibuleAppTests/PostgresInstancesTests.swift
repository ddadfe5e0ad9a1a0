import Foundation
import Testing
import VestibuleApp
import VestibuleCrypto
import VestibuleTesting

/// Several Vestibule instances on one PostgreSQL database share everything a person sees: a session made on
/// one works on another, sign-out on one ends it everywhere, and all publish the same signing keys.
@Suite(.serialized) struct PostgresInstancesTests {
    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL (make test installs it)"))
    func twoInstancesOnOneDatabaseShareSessionsAndSigningKeys() throws {
        let server = try PostgresTestServer.shared
        let database = "instances_\(UUID().uuidString.prefix(8).lowercased())"
        let url = try server.createDatabase(named: database)
        defer { try? server.dropDatabase(named: database) }
        let secrets = ["VESTIBULE_SECRET_KEYS": SecretKey.generate().encoded]
        let first = try TestApplication(environment: secrets) { $0.databaseURL = url }
        defer { first.application.shutdown() }
        let second = try TestApplication(environment: secrets) { $0.databaseURL = url }
        defer { second.application.shutdown() }

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
        #expect(firstKeys.keys.count == 1)

        // Signing out on the second ends the session on the first too.
        let other = FormClient(second)
        other.adopt(cookies: browser.cookies)
        try other.get("/account")
        #expect(try other.post("/sign-out", [:]).status == .seeOther)
        #expect(try first.respond("/account", headers: ["Cookie": cookie]).status == .seeOther)
    }

    @Test func aSharedDatabaseWithoutSharedSecretKeysIsRefusedAtStartUp() {
        #expect {
            try ConfigurationLoader(arguments: ["--database", "postgres://vestibule@db.example.com/vestibule"], environment: [:]).load()
        } throws: { error in
            "\(error)".contains("set VESTIBULE_SECRET_KEYS to the same keys on every instance")
        }
    }
}
