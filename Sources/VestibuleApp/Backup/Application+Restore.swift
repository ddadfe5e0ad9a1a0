import Foundation
import VestibuleCore
import VestibuleCrypto
import VestibuleSQLite

extension Application {
    /// What `vestibule restore` put in place.
    public struct RestoreReport: Sendable {
        public let databasePath: String
        public let checksum: String
        public let schemaVersion: Int
        /// Whether the database needs `vestibule migrate` (which `serve` runs itself) to reach this version's schema.
        public let needsMigration: Bool
        /// The signing keys the given secret keys were seen to open.
        public let signingKeysOpened: Int
        /// Where the secret keys were written, or nil when they come from the environment.
        public let secretKeysPath: String?
    }

    /// Where `vestibule restore` takes the secret keys that open the backup's sealed data from.
    public enum RestoredKeys: Sendable {
        /// A copy of the backed-up server's `secret-keys` file, copied into the new data folder.
        case file(String)
        /// `VESTIBULE_SECRET_KEYS`, which the restored server must be started with as well.
        case environment(String)
    }

    /// `vestibule restore`: puts the backup at `backup` into `dataDirectory`, which must be empty or absent, as
    /// its `vestibule.sqlite3`, after checking the checksum recorded beside it, its schema version, `PRAGMA
    /// integrity_check`, and that `keys` open its sealed signing keys. On any refusal the folder is left as it
    /// was found (absent, or empty). `progress` receives lines for standard error.
    public static func restore(
        from backup: String,
        into dataDirectory: String,
        keys: RestoredKeys,
        progress: (String) -> Void
    ) throws(StartupError) -> RestoreReport {
        guard FileManager.default.fileExists(atPath: backup) else {
            throw StartupError("There is no backup at \(backup).")
        }
        let expected = try BackupChecksum(recordedBeside: backup)
        let secretKeys = try keys.secretKeys()
        let created = try prepareEmptyFolder(dataDirectory)
        do {
            return try restore(backup, expected, into: dataDirectory, keys: keys, secretKeys, progress: progress)
        } catch {
            let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: dataDirectory)) ?? []
            for name in leftovers { try? FileManager.default.removeItem(atPath: "\(dataDirectory)/\(name)") }
            if created { try? FileManager.default.removeItem(atPath: dataDirectory) }
            throw error
        }
    }

    private static func restore(
        _ backup: String,
        _ expected: BackupChecksum,
        into dataDirectory: String,
        keys: RestoredKeys,
        _ secretKeys: [SecretKey],
        progress: (String) -> Void
    ) throws(StartupError) -> RestoreReport {
        var configuration = Configuration()
        configuration.dataDirectory = dataDirectory
        let databasePath = configuration.databasePath
        do { try FileManager.default.copyItem(atPath: backup, toPath: databasePath) } catch {
            throw StartupError("Cannot copy \(backup) into \(dataDirectory): \(error.localizedDescription)")
        }
        // The copy is checked, not the original: what is verified is what will be served.
        let actual = try BackupChecksum(ofFileAt: databasePath, progress: progress)
        guard actual == expected else {
            throw StartupError(
                "\(backup) does not match its checksum (SHA-256 \(actual.hex), recorded \(expected.hex)): it is damaged "
                    + "or not the file that was backed up; nothing was restored."
            )
        }
        let store: SQLiteStore
        do { store = try SQLiteStore(path: databasePath, readerCount: 1) } catch {
            throw StartupError("\(backup) is not a database Vestibule can open: \(error)")
        }
        defer { store.close() }
        let version = try checkedSchemaVersion(of: store, backup: backup)
        progress("Running PRAGMA integrity_check")
        let integrity: Bool
        do { integrity = try store.checkIntegrity() } catch { throw StartupError("Cannot check \(backup): \(error)") }
        guard integrity else {
            throw StartupError(
                "\(backup) fails PRAGMA integrity_check although its checksum matches; nothing was restored.")
        }
        let opened = try checkKeys(secretKeys, open: store)
        var secretKeysPath: String?
        if case .file(let path) = keys {
            secretKeysPath = try copySecretKeys(from: path, into: dataDirectory)
        }
        return RestoreReport(
            databasePath: databasePath, checksum: actual.hex, schemaVersion: version,
            needsMigration: version < SQLiteStore.schema.latestVersion, signingKeysOpened: opened,
            secretKeysPath: secretKeysPath
        )
    }

    /// Creates `path` when absent; refuses a folder that holds anything. Returns whether it was created.
    private static func prepareEmptyFolder(_ path: String) throws(StartupError) -> Bool {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw StartupError("\(path) is a file, not a data folder.") }
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            guard contents.isEmpty else {
                throw StartupError(
                    "\(path) is not empty (it holds \(contents.sorted().prefix(3).joined(separator: ", "))); restore "
                        + "into a new or empty folder, so that no data is overwritten."
                )
            }
            return false
        }
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw StartupError("Cannot create the data folder \(path): \(error.localizedDescription)")
        }
        return true
    }

    /// The backup's schema version, refused when a newer Vestibule wrote it: this one could not serve it.
    private static func checkedSchemaVersion(of store: SQLiteStore, backup: String) throws(StartupError) -> Int {
        let version: Int
        do { version = try store.schemaVersion() } catch { throw StartupError("Cannot read \(backup): \(error)") }
        let latest = SQLiteStore.schema.latestVersion
        guard version <= latest else {
            throw StartupError(
                "\(backup) has schema version \(version), newer than this Vestibule's \(latest): restore it with the "
                    + "Vestibule version that made it, or a later one."
            )
        }
        return version
    }

    /// Opens every active signing key in the backup with the given secret keys; returns how many there are.
    /// A backup restored with the wrong keys would start, then fail every sign-in.
    private static func checkKeys(_ keys: [SecretKey], open store: SQLiteStore) throws(StartupError) -> Int {
        let secretBox = try SecretKeyFile.secretBox(keys)
        let signingKeys = SigningKeys(store: store, secretBox: secretBox, clock: { Date() })
        let stored: [StoredSigningKey]
        do { stored = try store.signingKeys() } catch { throw StartupError("Cannot read the signing keys: \(error)") }
        let active = SigningKeys.algorithms.filter { algorithm in
            stored.contains { $0.retiredAt == nil && $0.algorithm == algorithm.rawValue }
        }
        for algorithm in active {
            do { _ = try signingKeys.signingKey(algorithm) } catch {
                throw StartupError(
                    "The secret keys given do not open the backup's \(algorithm.rawValue) signing key: give the keys "
                        + "of the server the backup was taken from; nothing was restored."
                )
            }
        }
        return active.count
    }

    /// Copies the secret keys file into the new data folder, readable by its owner only, as `serve` makes it.
    private static func copySecretKeys(from path: String, into dataDirectory: String) throws(StartupError) -> String {
        let target = (dataDirectory as NSString).appendingPathComponent(SecretKeyFile.fileName)
        guard let data = FileManager.default.contents(atPath: path),
            FileManager.default.createFile(atPath: target, contents: data, attributes: [.posixPermissions: 0o600])
        else { throw StartupError("Cannot copy the secret keys from \(path) into \(target).") }
        return target
    }
}

extension Application.RestoredKeys {
    /// The keys, read and checked to be keys, before anything is copied.
    fileprivate func secretKeys() throws(StartupError) -> [SecretKey] {
        switch self {
        case .file(let path): return try SecretKeyFile.read(at: path)
        case .environment(let list): return try SecretKeyFile.keys(inList: list)
        }
    }
}
