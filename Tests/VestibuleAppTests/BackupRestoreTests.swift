import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCrypto
import VestibuleSQLite
import VestibuleTesting

/// `vestibule backup` and `vestibule restore` as an operator runs them on a stopped installation: a round trip
/// that serves the same sessions, and each refusal as one sentence with its exit status, leaving nothing behind.
/// `BackupUnderLoadTests` takes a backup while a server writes.
@Suite struct BackupRestoreTests {
    @Test func aBackupRestoresIntoAFolderWhoseServerHonoursTheSameSessions() throws {
        let installation = try SQLiteInstallation()
        let scratch = try ScratchDirectory(prefix: "vestibule-backup")
        let backup = try Self.backUp(installation, into: scratch)
        let checksum = try String(contentsOfFile: backup + ".sha256", encoding: .utf8)
        let digest = Hex.encode(SHA2.sha256(try Data(contentsOf: URL(fileURLWithPath: backup))))
        #expect(checksum == "\(digest)  backup.db\n", "sha256sum's format")
        #expect(try FileManager.default.attributesOfItem(atPath: backup)[.posixPermissions] as? Int == 0o600)

        let folder = scratch.path + "/restored"
        let restore = try Self.restore(backup, into: folder, installation)
        #expect(restore.status == 0, "\(restore.output)")
        #expect(restore.output.contains("PRAGMA integrity_check ok"))
        #expect(restore.output.contains("2 opened with the secret keys given"), "\(restore.output)")
        let keys = try FileManager.default.attributesOfItem(atPath: folder + "/secret-keys")
        #expect(keys[.posixPermissions] as? Int == 0o600)

        let restored = try TestApplication { $0.dataDirectory = folder }
        defer { restored.application.shutdown() }
        let account = try restored.respond("/account", headers: ["Cookie": installation.cookie])
        #expect(account.status == .ok, "the session made before the backup still signs Ada in")
        #expect(account.text.contains("Using a password"))
    }

    @Test func backupRefusesToRunUntilTheSecretKeysAreAcknowledgedToBeKeptElsewhere() throws {
        let installation = try SQLiteInstallation()
        let scratch = try ScratchDirectory(prefix: "vestibule-backup")
        let result = try VestibuleExecutable.run(
            ["backup", "--to", scratch.path + "/backup.db", "--data-dir", installation.dataDirectory]
        )
        #expect(result.status == 78)
        #expect(result.output.contains("run again with --without-secret-keys."), "\(result.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [], "nothing written")
    }

    @Test func backupRefusesAPostgreSQLDatabaseAndPointsAtPgDump() throws {
        let result = try VestibuleExecutable.run(
            ["backup", "--to", "/tmp/never.db", "--without-secret-keys", "--database", "postgres://v:Secret-77@db/v"]
        )
        #expect(result.status == 78)
        #expect(result.output.contains("back it up with pg_dump --format=custom"), "\(result.output)")
        #expect(!result.output.contains("Secret-77"), "the password is never printed")
    }

    @Test func backupNeverReplacesAnExistingFile() throws {
        let installation = try SQLiteInstallation()
        let scratch = try ScratchDirectory(prefix: "vestibule-backup")
        let path = scratch.path + "/backup.db"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
        let result = try VestibuleExecutable.run(
            ["backup", "--to", path, "--without-secret-keys", "--data-dir", installation.dataDirectory]
        )
        #expect(result.status == 1)
        #expect(result.output.contains("\(path) already exists; back up to a new file name"), "\(result.output)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["backup.db"])
    }

    @Test func restoreRefusesAFolderThatIsNotEmpty() throws {
        let installation = try SQLiteInstallation()
        let scratch = try ScratchDirectory(prefix: "vestibule-backup")
        let backup = try Self.backUp(installation, into: scratch)
        let folder = scratch.path + "/occupied"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        let result = try Self.restore(backup, into: folder, installation)
        #expect(result.status == 1)
        #expect(result.output.contains("\(folder) is not empty (it holds notes.txt)"), "\(result.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.txt"])
    }

    @Test func restoreRefusesABackupThatDoesNotMatchItsChecksum() throws {
        let installation = try SQLiteInstallation()
        let scratch = try ScratchDirectory(prefix: "vestibule-backup")
        let backup = try Self.backUp(installation, into: scratch)
        // One byte changed deep in the file, where SQLite itself might not notice.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: backup))
        bytes[bytes.count - 100] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: backup))
        let folder = scratch.path + "/restored"
        let result = try Self.restore(backup, into: folder, installation)
        #expect(result.status == 1)
        #expect(result.output.contains("does not match its checksum"), "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: folder), "the folder it created is gone again")
    }

    @Test func restoreRefusesABackupFromANewerSchema() throws {
        let installation = try SQLiteInstallation()
        let scratch = try ScratchDirectory(prefix: "vestibule-backup")
        let backup = try Self.backUp(installation, into: scratch)
        // As a newer Vestibule would have left it: one more migration in the ledger, and a matching checksum.
        let newer = SQLiteStore.schema.latestVersion + 1
        let insert = try HelperCommand.run(
            "/usr/bin/sqlite3",
            [
                backup,
                "INSERT INTO schema_migrations (version, applied_at) SELECT \(newer), applied_at FROM schema_migrations LIMIT 1",
            ]
        )
        #expect(insert.status == 0, "\(insert.output)")
        let digest = Hex.encode(SHA2.sha256(try Data(contentsOf: URL(fileURLWithPath: backup))))
        try Data("\(digest)  backup.db\n".utf8).write(to: URL(fileURLWithPath: backup + ".sha256"))
        let folder = scratch.path + "/restored"
        let result = try Self.restore(backup, into: folder, installation)
        #expect(result.status == 1)
        #expect(
            result.output.contains("has schema version \(newer), newer than this Vestibule's \(newer - 1)"),
            "\(result.output)"
        )
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func restoreRefusesWithoutTheSecretKeysOrWithOthers() throws {
        let installation = try SQLiteInstallation()
        let scratch = try ScratchDirectory(prefix: "vestibule-backup")
        let backup = try Self.backUp(installation, into: scratch)
        let folder = scratch.path + "/restored"

        let missing = try VestibuleExecutable.run(["restore", "--from", backup, "--data-dir", folder])
        #expect(missing.status == 78)
        #expect(missing.output.contains("restore needs the secret keys of the server"), "\(missing.output)")
        #expect(!FileManager.default.fileExists(atPath: folder))

        let other = try VestibuleExecutable.run(
            ["restore", "--from", backup, "--data-dir", folder],
            environment: ["VESTIBULE_SECRET_KEYS": SecretKey.generate().encoded]
        )
        #expect(other.status == 1)
        #expect(other.output.contains("do not open the backup's"), "\(other.output)")
        #expect(!FileManager.default.fileExists(atPath: folder))

        // The right keys from the environment: restored, and no keys file written.
        let right = try VestibuleExecutable.run(
            ["restore", "--from", backup, "--data-dir", folder],
            environment: ["VESTIBULE_SECRET_KEYS": installation.secretKeys]
        )
        #expect(right.status == 0, "\(right.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["vestibule.sqlite3"])
    }

    @Test func helpSaysWhatABackupHoldsWhereTheKeysGoHowToVerifyAndWhatPostgreSQLUses() throws {
        let backup = try VestibuleExecutable.run(["backup", "--help"])
        for text in [
            "online backup", "accounts", "sessions", "secret keys are NOT in the backup", "--without-secret-keys",
            "sha256sum -c", "PRAGMA integrity_check", "pg_dump --format=custom", "pg_restore",
        ] {
            #expect(backup.output.contains(text), "backup --help mentions \(text)")
        }
        let restore = try VestibuleExecutable.run(["restore", "--help"])
        for text in [
            "empty or absent", "--secret-keys", "VESTIBULE_SECRET_KEYS", "schema version", "integrity_check",
            "pg_restore",
        ] {
            #expect(restore.output.contains(text), "restore --help mentions \(text)")
        }
        let overview = try VestibuleExecutable.run(["--help"]).output
        #expect(overview.contains("vestibule backup") && overview.contains("vestibule restore"))
    }

    /// Backs the stopped installation up into `backup.db` in `scratch`; returns its path.
    private static func backUp(_ installation: SQLiteInstallation, into scratch: ScratchDirectory) throws -> String {
        let path = scratch.path + "/backup.db"
        let result = try VestibuleExecutable.run(
            ["backup", "--to", path, "--without-secret-keys", "--data-dir", installation.dataDirectory]
        )
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("schema version  \(SQLiteStore.schema.latestVersion)"), "\(result.output)")
        return path
    }

    private static func restore(
        _ backup: String, into folder: String, _ installation: SQLiteInstallation
    ) throws -> (status: Int32, output: String) {
        try VestibuleExecutable.run(
            [
                "restore", "--from", backup, "--data-dir", folder, "--secret-keys",
                installation.dataDirectory + "/secret-keys",
            ]
        )
    }
}
