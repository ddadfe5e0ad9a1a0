import Foundation
import Testing
import VestibuleAppTesting
import VestibuleTesting

/// The acceptance test of `vestibule backup`: taken from a running `vestibule serve` while clients write through
/// its HTTP API and pages, the backup restores into a server that holds every write acknowledged before the
/// backup began, checked one by one, and none sent after it ended; the restored file passes `PRAGMA
/// integrity_check`.
@Suite struct BackupUnderLoadTests {
    @Test func aBackupTakenWhileClientsWriteHoldsEveryWriteAcknowledgedBeforeItBegan() throws {
        let scratch = try ScratchDirectory(prefix: "vestibule-backup-load")
        let site = try DevelopmentVestibule(
            folder: scratch.path, arguments: NginxCluster.loadFriendlySettings + ["--log-level", "warning"]
        )
        defer { site.stop() }
        let load = BackupLoad(site: site)
        try load.addBallast(documents: 100)
        load.start(workers: 4)
        // Enough writes that losing the recent ones (those still in the -wal file) would show.
        try eventually("300 writes acknowledged", timeout: .seconds(120)) { load.acknowledged.count >= 300 }

        let backup = scratch.path + "/backup.db"
        let began = ContinuousClock.now
        let result = try VestibuleExecutable.run(
            ["backup", "--to", backup, "--without-secret-keys", "--data-dir", site.dataDirectory]
        )
        let ended = ContinuousClock.now
        // Writes go on after the backup too, so that some are sent after it ended: those must not be in it.
        try eventually("a write sent after the backup ended", timeout: .seconds(20)) {
            load.acknowledged.contains { $0.sent > ended }
        }
        let writes = load.finish()
        #expect(result.status == 0, "\(result.output)")
        #expect(writes.contains { $0.sent < ended && $0.acknowledged > began }, "writes went on during the backup")

        let restored = scratch.path + "/restored"
        let restore = try VestibuleExecutable.run(
            ["restore", "--from", backup, "--data-dir", restored, "--secret-keys", site.dataDirectory + "/secret-keys"]
        )
        #expect(restore.status == 0, "\(restore.output)")
        let database = CrashDatabase.sqlite(path: restored + "/vestibule.sqlite3")
        #expect(try database.rows("PRAGMA integrity_check") == ["ok"])
        let pages = try #require(Int(try database.rows("PRAGMA page_count").first ?? ""))
        #expect(pages > 4 * 256, "the backup took several steps of 256 pages, with writes between them")

        let before = writes.filter { $0.acknowledged < began }
        let after = writes.filter { $0.sent > ended }
        let accounts = Set(try database.rows("SELECT subject FROM identities WHERE method = 'password'"))
        let lostAccounts = before.compactMap(\.email).filter { !accounts.contains($0) }
        let leakedAccounts = after.compactMap(\.email).filter { accounts.contains($0) }

        // Documents through the restored server's API, as their guests read them.
        let server = try ServerProcess(
            arguments: ["serve", "--development", "--port", "0", "--data-dir", restored, "--log-level", "warning"]
        )
        defer { server.stop() }
        let reader = SocketBrowser(port: server.port, origin: "http://localhost:\(server.port)", name: "audit")
        var required: [String: Int] = [:]
        for write in before {
            if let (token, version) = write.document { required[token] = max(required[token] ?? 0, version) }
        }
        let lostVersions = required.compactMap { token, version -> String? in
            let stored = CrashClients.storedVersion(of: reader, headers: ["Authorization": "Bearer \(token)"])
            return (stored ?? 0) >= version
                ? nil : "version \(version) acknowledged, restored \(stored.map(String.init) ?? "nothing")"
        }

        let accountsBefore = before.compactMap(\.email).count
        print(
            "Backed up under load: \(accountsBefore) accounts and \(required.count) documents acknowledged before it began"
        )
        #expect(accountsBefore > 0 && required.count > 0, "both kinds of write were acknowledged before the backup")
        #expect(lostAccounts.isEmpty, "accounts acknowledged before the backup, missing: \(lostAccounts.prefix(10))")
        #expect(lostVersions.isEmpty, "documents: \(lostVersions.prefix(10))")
        #expect(leakedAccounts.isEmpty, "accounts sent after the backup ended, yet in it: \(leakedAccounts.prefix(10))")
    }
}

extension BackupLoad.Acknowledged {
    fileprivate var email: String? {
        if case .account(let email) = write { email } else { nil }
    }

    fileprivate var document: (token: String, version: Int)? {
        if case .document(let token, let version) = write { (token, version) } else { nil }
    }
}
