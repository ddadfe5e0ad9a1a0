import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCrypto
import VestibuleTesting

/// Clients write through the real `vestibule serve` process (sign-ups verified through the outbox, native Sign in
/// with Apple through the emulator process, sign-outs, guests' documents) while it is killed with SIGKILL at random
/// moments and restarted on the same data; afterwards every write a client saw acknowledged is there exactly once,
/// no account is half made, and SQLite's file passes `PRAGMA integrity_check`. On PostgreSQL the same with the
/// database up throughout, and with PostgreSQL itself restarted under load. `docs/reliability.md` states the rules.
@Suite struct CrashDurabilityTests {
    /// How many times each test kills Vestibule: `VESTIBULE_CRASH_KILLS` (`make soak` raises it), or 20.
    static let kills = ProcessInfo.processInfo.environment["VESTIBULE_CRASH_KILLS"].flatMap(Int.init) ?? 20
    /// Concurrent clients; each plays one person after another.
    private static let clients = 3
    private static let settings = NginxCluster.loadFriendlySettings + ["--log-level", "warning"]

    @Test func acknowledgedWritesSurviveKill9OnSQLite() throws {
        let scratch = try ScratchDirectory(prefix: "vestibule-crash")
        let site = try DevelopmentVestibule(folder: scratch.path, arguments: Self.settings)
        defer { site.stop() }
        let database = CrashDatabase.sqlite(path: site.dataDirectory + "/vestibule.sqlite3")
        try crash(site, kills: Self.kills, database: database)
        #expect(try database.rows("PRAGMA integrity_check") == ["ok"])
        #expect(try database.rows("PRAGMA foreign_key_check") == [])
    }

    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL (make test installs it)"))
    func acknowledgedWritesSurviveKill9OnPostgreSQL() throws {
        try withScratchDatabase { url, server in
            let scratch = try ScratchDirectory(prefix: "vestibule-crash")
            let site = try DevelopmentVestibule(
                folder: scratch.path, arguments: Self.settings + ["--database", url],
                environment: ["VESTIBULE_SECRET_KEYS": SecretKey.generate().encoded]
            )
            defer { site.stop() }
            let name = try #require(URL(string: url)?.lastPathComponent)
            try crash(site, kills: Self.kills, database: .postgres(server, database: name))
        }
    }

    /// PostgreSQL restarted (`pg_ctl restart -m fast`) while clients write: a request whose query meets the
    /// restart, or that comes while PostgreSQL is down, is answered 503 within the clients' 10 s, never 500 and
    /// never left hanging; Vestibule reconnects by itself, and every acknowledged write is kept.
    @Test(.enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL (make test installs it)"))
    func aPostgreSQLRestartUnderLoadIsAnswered503AndServiceResumes() throws {
        // A cluster of its own: restarting the shared one would fail other tests' queries.
        let postgres = try PostgresTestServer()
        defer { postgres.stop() }
        let url = try postgres.createDatabase(named: "restarted")
        let scratch = try ScratchDirectory(prefix: "vestibule-crash")
        let site = try DevelopmentVestibule(
            folder: scratch.path, arguments: Self.settings + ["--database", url],
            environment: ["VESTIBULE_SECRET_KEYS": SecretKey.generate().encoded]
        )
        defer { site.stop() }
        let clients = CrashClients(site: site, answersRequired: true)
        clients.start(workers: Self.clients)
        let restarts = max(3, Self.kills / 4)
        for _ in 0..<restarts {
            Thread.sleep(forTimeInterval: .random(in: 0.5...1.5))
            try postgres.restart()
        }
        // Service resumes without any help: a write succeeds within 5 s of PostgreSQL's return.
        let probe = SocketBrowser(port: site.process.port, origin: site.origin, source: "127.9.0.1", name: "probe")
        try eventually("a guest created after the last restart", timeout: .seconds(5)) {
            probe.send("POST", "/api/v1/guests", headers: ["Content-Type": "application/json"], body: "{}").status
                == 201
        }
        let outcome = clients.finish()
        let served = CrashAudit.served(outcome.acknowledged, by: site)
        #expect(site.process.stop() == 0, "a graceful exit. Output:\n\(site.process.log.suffix(2000))")
        let stored = try CrashAudit.stored(outcome.acknowledged, in: .postgres(postgres, database: "restarted"))
        print("PostgreSQL restarted \(restarts) times: \(Self.summary(outcome))")
        Self.expectSound(outcome, served: served, stored: stored)
        #expect(outcome.unanswered > 0, "the restarts met requests: some were answered 503")
    }

    /// Runs the clients while Vestibule is killed `kills` times, then checks what they saw acknowledged against
    /// the restarted server and, once it is killed a last time, against the database.
    private func crash(_ site: DevelopmentVestibule, kills: Int, database: CrashDatabase) throws {
        let clients = CrashClients(site: site, answersRequired: false)
        clients.start(workers: Self.clients)
        for _ in 0..<kills {
            Thread.sleep(forTimeInterval: .random(in: 0.2...0.8))
            try site.crashAndRestart()
        }
        let outcome = clients.finish()
        let served = CrashAudit.served(outcome.acknowledged, by: site)
        site.process.killImmediately()
        let stored = try CrashAudit.stored(outcome.acknowledged, in: database)
        print("Vestibule on \(database.backend) killed \(kills) times: \(Self.summary(outcome))")
        Self.expectSound(outcome, served: served, stored: stored)
        #expect(outcome.unanswered > 0, "the kills met requests in flight")
    }

    private static func expectSound(_ outcome: CrashClients.Outcome, served: [String], stored: [String]) {
        #expect(outcome.violations.isEmpty, "\(outcome.violations.prefix(20))")
        #expect(served.isEmpty, "\(served.prefix(20))")
        #expect(stored.isEmpty, "\(stored.prefix(20))")
        // Every kind of write was made and acknowledged, so none of the checks above passed for want of writes.
        let tally = outcome.tally
        #expect(
            tally.documentVersions > 0 && tally.verifiedAccounts > 0 && tally.appleAccounts > 0 && tally.signOuts > 0,
            "\(tally)")
    }

    private static func summary(_ outcome: CrashClients.Outcome) -> String {
        "acknowledged \(outcome.tally), \(outcome.unanswered) requests unanswered or 503, "
            + "the slowest took \(outcome.slowest)"
    }
}
