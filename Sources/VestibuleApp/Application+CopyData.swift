import Foundation
import VestibuleCore
import VestibulePostgres
import VestibuleSQL
import VestibuleSQLite

extension Application {
    /// What `vestibule copy-data` copied: every table with its rows and checksum, equal in both databases.
    public struct CopyReport: Sendable {
        public struct Table: Sendable {
            public let name: String
            public let rows: Int
            /// SHA-256, in hexadecimal, over the table's rows as both databases returned them.
            public let checksum: String
        }

        public let tables: [Table]
        public let schemaVersion: Int
        /// The target as messages may show it, without credentials.
        public let target: String
    }

    /// `vestibule copy-data`: copies the SQLite database at `sourcePath` into the PostgreSQL database at
    /// `targetURL` (migrating it first), verifies every table, and reports. `progress` receives lines for
    /// standard error. The target must be empty unless `replacing`.
    ///
    /// The PostgreSQL password never appears in what this returns, reports or throws.
    public static func copyData(
        fromSQLite sourcePath: String,
        toPostgres targetURL: String,
        replacing: Bool,
        progress: (String) -> Void
    ) throws(StartupError) -> CopyReport {
        let target = Configuration.description(ofDatabaseURL: targetURL)
        // Opening a missing file would create an empty database, which would copy as nothing at all.
        guard FileManager.default.fileExists(atPath: sourcePath) else {
            throw StartupError("There is no SQLite database at \(sourcePath).")
        }
        let source: SQLiteStore
        do { source = try SQLiteStore(path: sourcePath, readerCount: 1) } catch {
            throw StartupError("Cannot open the SQLite database at \(sourcePath): \(error)")
        }
        defer { source.close() }
        try checkSchemaVersion(of: source, at: sourcePath)
        let destination: PostgresStore
        do {
            destination = try PostgresStore(url: targetURL, poolSize: 1)
        } catch {
            throw StartupError("Cannot open the PostgreSQL database (\(target)): \(error)")
        }
        defer { destination.close() }
        do { try destination.migrate() } catch {
            throw StartupError("Cannot migrate the PostgreSQL database (\(target)): \(error)")
        }

        let outcome: SQLDataCopy.Outcome
        var lastLine = Date.distantPast
        do {
            outcome = try SQLDataCopy().run(from: source, to: destination, replacing: replacing) { event in
                if let line = progressLine(for: event, lastLine: &lastLine) { progress(line) }
            }
        } catch {
            throw StartupError("The copy failed and was rolled back; \(target) is as it was before. \(error)")
        }
        switch outcome {
        case .targetNotEmpty(let tables):
            throw StartupError(
                "\(target) already holds data (in \(tables.joined(separator: ", "))). Copy into an empty "
                    + "database, or add --replace to delete that data first; nothing was changed."
            )
        case .copied(let reports):
            return CopyReport(
                tables: reports.map { CopyReport.Table(name: $0.table, rows: $0.checksum.rows, checksum: $0.checksum.hex) },
                schemaVersion: SQLiteStore.schema.latestVersion,
                target: target
            )
        }
    }

    /// The line to print for `event`, if any: when a table is done, and while a large one is copied at most
    /// one a second (after the last line), so it shows it is moving without flooding the terminal.
    private static func progressLine(for event: SQLDataCopy.Progress, lastLine: inout Date) -> String? {
        switch event {
        case .copying(let table, let copied, let total):
            let now = Date()
            guard copied == total || (copied > 0 && now.timeIntervalSince(lastLine) >= 1) else { return nil }
            lastLine = now
            return copied == total ? "\(table): \(total) rows copied" : "\(table): \(copied) of \(total) rows copied…"
        case .verifying(let table):
            lastLine = Date()
            return "\(table): verifying"
        }
    }

    /// Refuses a source of another schema version: the copy moves rows between identical schemas only.
    private static func checkSchemaVersion(of source: SQLiteStore, at path: String) throws(StartupError) {
        let version: Int
        do { version = try source.schemaVersion() } catch {
            throw StartupError("Cannot read the SQLite database at \(path): \(error)")
        }
        let latest = SQLiteStore.schema.latestVersion
        guard version == latest else {
            // `migrate` finds the database by its data folder, where it is always called vestibule.sqlite3.
            let folder = (path as NSString).deletingLastPathComponent
            let migrate = (path as NSString).lastPathComponent == "vestibule.sqlite3"
                ? "vestibule migrate --data-dir \(folder.isEmpty ? "." : folder)" : "vestibule migrate"
            let remedy = version < latest
                ? "run `\(migrate)` on it first"
                : "a newer Vestibule wrote it; copy it with that version"
            throw StartupError(
                "The SQLite database at \(path) has schema version \(version), but this Vestibule copies "
                    + "version \(latest): \(remedy)."
            )
        }
    }
}
