import Foundation
import VestibuleCore
import VestibuleSQLite

extension Application {
    /// What `vestibule backup` wrote.
    public struct BackupReport: Sendable {
        public let path: String
        /// The file holding the backup's SHA-256, beside it.
        public let checksumPath: String
        public let checksum: String
        public let bytes: Int
        public let schemaVersion: Int
    }

    /// `vestibule backup`: copies the SQLite database at `databasePath` into a new file at `path` while
    /// Vestibule may go on serving from it, then records the copy's SHA-256 beside it (``BackupChecksum``).
    /// `progress` receives lines for standard error.
    ///
    /// The copy holds every transaction committed before it began and none after (SQLite's online backup from
    /// one read snapshot: see `SQLiteStore.backUp`). The secret keys are not in it: see `docs/operations.md`.
    /// It is written under a temporary name and linked into place at the end, so `path` is never replaced and
    /// never names half a backup.
    public static func backUp(
        databasePath: String,
        to path: String,
        progress: (String) -> Void
    ) throws(StartupError) -> BackupReport {
        let checksumPath = BackupChecksum.path(besideBackup: path)
        for existing in [path, checksumPath] where FileManager.default.fileExists(atPath: existing) {
            throw StartupError("\(existing) already exists; back up to a new file name, nothing was written.")
        }
        // Opening a missing file would create an empty database, which would back up as nothing at all.
        guard FileManager.default.fileExists(atPath: databasePath) else {
            throw StartupError("There is no Vestibule database at \(databasePath); check --data-dir.")
        }
        let partial = "\(path).partial-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: partial) }
        // Created here, empty, for its mode: SQLite would make it readable by all, and it holds password hashes,
        // sessions and sealed keys.
        guard FileManager.default.createFile(atPath: partial, contents: nil, attributes: [.posixPermissions: 0o600])
        else {
            throw StartupError("Cannot create a file beside \(path); check that its folder exists and is writable.")
        }
        let schemaVersion = try copy(databasePath, to: partial, progress: progress)

        let checksum = try BackupChecksum(ofFileAt: partial, progress: progress)
        do { try FileManager.default.linkItem(atPath: partial, toPath: path) } catch {
            throw StartupError("Cannot create \(path) (it may have appeared meanwhile); nothing was written.")
        }
        try checksum.record(besideBackup: path)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return BackupReport(
            path: path, checksumPath: checksumPath, checksum: checksum.hex, bytes: bytes, schemaVersion: schemaVersion
        )
    }

    /// Copies the database into `partial`; returns the copy's schema version.
    private static func copy(
        _ databasePath: String,
        to partial: String,
        progress: (String) -> Void
    ) throws(StartupError) -> Int {
        let store: SQLiteStore
        do { store = try SQLiteStore(path: databasePath, readerCount: 1) } catch {
            throw StartupError("Cannot open the database at \(databasePath): \(error)")
        }
        defer { store.close() }
        var pace = ProgressPace()
        do {
            return try store.backUp(to: partial) { copied, total in
                if pace.allows(finished: copied == total) { progress("Copied \(copied) of \(total) pages") }
            }
        } catch {
            throw StartupError("The backup failed, nothing was written: \(error)")
        }
    }

    /// `bytes` in megabytes with one decimal, as the backup's progress and summary show sizes.
    public static func megabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_000_000) }
}
