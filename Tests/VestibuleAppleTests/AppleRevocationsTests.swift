import Foundation
import Synchronization
import Testing
import VestibuleApple
import VestibuleAppleEmulator
import VestibuleCore
import VestibuleCrypto
import VestibuleHTTP
import VestibuleHTTPServer
import VestibuleHTTPClient
import VestibuleJSON
import VestibuleLogging
import VestibuleSQLite

/// Account deletion with Apple revocation against a real emulator, and against an Apple that cannot be
/// reached (a closed port): the deletion never waits, and the queued revocation reaches Apple later.
@Suite struct AppleRevocationsTests {
    @Test func anAccountDeletedWhileAppleIsUnreachableIsGoneAndItsTokenIsRevokedLater() throws {
        let setting = try Setting()
        defer { setting.stop() }
        let account = try setting.appleAccount()

        // Apple unreachable: the account goes at once, the revocation waits in the queue.
        let unreachable = setting.revocations(server: setting.server(issuer: "http://127.0.0.1:\(try closedPort())"))
        try unreachable.deleteAccount(account)
        #expect(try setting.store.account(id: account) == nil)
        let queued = try #require(try setting.store.dueAppleRevocations(at: setting.now.withLock { $0 }.addingTimeInterval(3600), limit: 5).first)
        #expect(queued.attempts == 1, "one failed attempt, retried later")
        #expect(setting.emulator.revocations.isEmpty)

        // Apple back, a minute later: the janitor's pass revokes, and the queue empties.
        setting.now.withLock { $0 = $0.addingTimeInterval(61) }
        let (revoked, postponed) = try setting.revocations(server: setting.server(issuer: setting.emulator.issuer)).processDue()
        #expect((revoked, postponed) == (1, 0))
        #expect(setting.emulator.revocations.map(\.kind) == [.refreshToken])
        #expect(try setting.store.dueAppleRevocations(at: setting.now.withLock { $0 }.addingTimeInterval(86_400), limit: 5).isEmpty)
    }

    /// Unlinking Apple from an account that keeps another way in revokes the token Vestibule held: at once
    /// when Apple answers, from the queue later when it does not.
    @Test func unlinkingAppleRevokesItsTokenAtOnceOrLaterWhenAppleIsUnreachable() throws {
        let setting = try Setting()
        defer { setting.stop() }
        let reachable = setting.revocations(server: setting.server(issuer: setting.emulator.issuer))
        let unreachable = setting.revocations(server: setting.server(issuer: "http://127.0.0.1:\(try closedPort())"))
        for (revocations, answered) in [(reachable, true), (unreachable, false)] {
            let account = try setting.appleAccount()
            let subject = try #require(try setting.store.appleIdentities(of: account).first).subject
            #expect(try revocations.unlink(subject: subject, of: account) == .lastSignInMethod, "the only way in stays")
            try setting.store.addIdentity(
                Identity(accountID: account, method: .password, subject: "\(account.rawValue)@example.com", createdAt: Date())
            )
            #expect(try revocations.unlink(subject: subject, of: account) == .deleted)
            #expect(try setting.store.appleIdentities(of: account).isEmpty)
            let queued = try setting.store.dueAppleRevocations(at: setting.now.withLock { $0 }.addingTimeInterval(3600), limit: 5)
            #expect(queued.count == (answered ? 0 : 1), "a revocation Apple accepted leaves the queue")
        }
        #expect(setting.emulator.revocations.map(\.kind) == [.refreshToken], "Apple heard the reachable one")

        setting.now.withLock { $0 = $0.addingTimeInterval(61) }
        #expect(try reachable.processDue() == (1, 0), "the other once Apple is back")
        #expect(setting.emulator.revocations.map(\.kind) == [.refreshToken, .refreshToken])
    }

    /// Apple's codes are single use: a second exchange is refused by Apple, and Vestibule never retries one.
    @Test func aReusedCodeIsRefusedByApple() throws {
        let setting = try Setting()
        defer { setting.stop() }
        let code = try setting.nativeCode()
        let server = setting.server(issuer: setting.emulator.issuer)
        _ = try server.exchange(code: code, clientID: "com.example.app", redirectURI: nil)
        #expect(throws: AppleError(.rejectedByApple, "")) {
            try server.exchange(code: code, clientID: "com.example.app", redirectURI: nil)
        }
    }

    @Test func pausesBetweenAttemptsGrowToSixHours() {
        #expect(AppleRevocations.pause(after: 0) == 60)
        #expect(AppleRevocations.pause(after: 1) == 120)
        #expect(AppleRevocations.pause(after: 20) == 6 * 3600)
    }

    /// A port nothing listens on: connecting to it is refused at once.
    private func closedPort() throws -> Int {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        let probe = HTTPServer(configuration: configuration, logger: Logger(label: "probe", sink: .discard)) { _ in .empty() }
        try probe.start()
        let port = probe.port
        probe.shutdown(gracePeriod: .zero)
        return port
    }
}

/// An emulator, a SQLite store and a secret box: what `vestibule serve` wires, without HTTP in front.
private final class Setting: Sendable {
    let now = Mutex(Date())
    let store: SQLiteStore
    let emulator: AppleEmulator
    let credentials: AppleCredentials
    let secretBox: SecretBox
    let directory: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appending(path: "vestibule-apple-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        store = try SQLiteStore(path: directory + "/store.sqlite3")
        try store.migrate()
        secretBox = try SecretBox(keys: [SecretKey.generate()])
        let key = try SigningKey.generate(.es256)
        credentials = try AppleCredentials(
            teamID: "TEAM123456", keyID: "KEY1234567", privateKey: key, servicesID: "com.example.web",
            bundleIDs: ["com.example.app"], redirectURI: "http://localhost/apple/callback"
        )
        emulator = try AppleEmulator(
            configuration: AppleEmulator.Configuration(clients: [
                AppleEmulator.RegisteredClient(
                    teamID: "TEAM123456", keyID: "KEY1234567",
                    clientSecretPublicKey: try PublicKey(jwk: key.publicJWK(keyID: "KEY1234567")),
                    clientIDs: ["com.example.web", "com.example.app"], redirectURIs: ["http://localhost/apple/callback"]
                ),
            ]),
            logger: Logger(label: "emulator", sink: .discard)
        )
        try emulator.start(host: "127.0.0.1", port: 0)
    }

    func stop() {
        emulator.shutdown()
        store.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    func server(issuer: String) -> AppleServer {
        let endpoints = AppleEndpoints(issuer: issuer)
        return AppleServer(
            endpoints: endpoints,
            // Client secrets on the real clock, which the emulator checks them against.
            secrets: AppleClientSecrets(credentials: credentials, audience: emulator.issuer),
            transport: AppleServer.transport(over: HTTPClient(userAgent: "test", timeout: .seconds(5)))
        )
    }

    func revocations(server: AppleServer) -> AppleRevocations {
        AppleRevocations(store: store, server: server, secretBox: secretBox, clock: { [self] in self.now.withLock { $0 } })
    }

    /// An account signed up from an app: a refresh token from a real exchange with the emulator, sealed.
    /// An authorization code as an app receives it.
    func nativeCode() throws -> String {
        let native = try HTTPClient(userAgent: "test").postJSON(
            emulator.issuer + "/emulator/native-authorization",
            body: Array(#"{"clientID":"com.example.app","appleID":"ada@icloud.example"}"#.utf8)
        )
        return try #require(JSONValue(parsing: native.body)?["authorizationCode"]?.stringValue)
    }

    func appleAccount() throws -> AccountID {
        let code = try nativeCode()
        let tokens = try server(issuer: emulator.issuer).exchange(code: code, clientID: "com.example.app", redirectURI: nil)
        let refreshToken = try #require(tokens.refreshToken)
        let account = Account(createdAt: Date())
        let subject = "001234.abc.0001"
        try store.createAppleAccount(
            account,
            identity: Identity(accountID: account.id, method: .apple, subject: subject, createdAt: Date()),
            apple: AppleIdentityRecord(
                subject: subject, accountID: account.id, clientID: "com.example.app",
                sealedRefreshToken: secretBox.seal(Array(refreshToken.utf8)), isPrivateEmail: false, updatedAt: Date()
            )
        )
        return account.id
    }
}
