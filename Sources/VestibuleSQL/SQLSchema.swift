import Foundation
package import VestibuleCore

/// A backend's migrations, and how it keeps the ledger of those applied (`schema_migrations`).
package struct SQLSchema: Sendable {
    /// Every migration, in the order they are applied.
    package let migrations: [SQLMigration]
    /// Creates the ledger when it is missing.
    private let createLedger: String
    /// A query that returns a row when the ledger exists (it does not before the first migration, and a
    /// read-only connection cannot create it).
    private let ledgerExists: SQL
    /// SQL each migration's transaction runs first so that instances migrating one database at once apply one
    /// migration at a time; `nil` where beginning the transaction already excludes every other writer.
    private let lock: String?

    package init(migrations: [SQLMigration], createLedger: String, ledgerExists: SQL, lock: String?) {
        self.migrations = migrations
        self.createLedger = createLedger
        self.ledgerExists = ledgerExists
        self.lock = lock
    }

    /// The newest version this build knows.
    package var latestVersion: Int { migrations.last?.version ?? 0 }

    /// The highest version recorded in `connection`'s database; 0 for a database never migrated.
    package func appliedVersion(on connection: any SQLConnection) throws(StoreError) -> Int {
        guard try connection.firstRow(ledgerExists, { _ in true }) ?? false else { return 0 }
        let version = try connection.firstRow("SELECT coalesce(max(version), 0) FROM schema_migrations") {
            row throws(StoreError) in try row.integer(0)
        }
        return Int(version ?? 0)
    }

    /// Applies the next migration `connection`'s database lacks, inside a transaction so a failure leaves
    /// nothing half-applied. Returns its version, or `nil` when the database is current.
    ///
    /// The applied version is read inside the same transaction, after the lock, so two processes migrating one
    /// database at once cannot both apply a migration.
    package func applyNext(on connection: any SQLConnection) throws(StoreError) -> Int? {
        try connection.transaction { () throws(StoreError) -> Int? in
            if let lock { try connection.execute(lock) }
            try connection.execute(createLedger)
            let applied = try appliedVersion(on: connection)
            guard applied <= latestVersion else {
                throw StoreError(
                    .incompatibleSchema,
                    "the database has schema version \(applied) but this Vestibule knows versions up to "
                        + "\(latestVersion): a newer Vestibule wrote it; upgrade Vestibule to use this database"
                )
            }
            guard let next = migrations.first(where: { $0.version > applied }) else { return nil }
            try StoreError.during("migration \(next.version)") { () throws(StoreError) in
                try connection.execute(next.sql)
            }
            try connection.run(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (\(Int64(next.version)), \(Date()))"
            )
            return next.version
        }
    }
}
