public import VestibuleCore

extension PostgresStore {
    /// Applies every migration the database lacks, each in its own transaction under an advisory lock.
    /// - Throws: `.incompatibleSchema` when the database was migrated by a newer Vestibule.
    @discardableResult
    public func migrate() throws(StoreError) -> [Int] {
        try withConnection("migrate") { connection throws(StoreError) in
            var applied: [Int] = []
            while let version = try PostgresMigration.applyNext(on: connection) {
                applied.append(version)
            }
            return applied
        }
    }

    /// The highest migration version applied; 0 before the first ``migrate()``.
    public func schemaVersion() throws(StoreError) -> Int {
        try withConnection("schemaVersion") { connection throws(StoreError) in
            try PostgresMigration.appliedVersion(on: connection)
        }
    }

    /// PostgreSQL has no counterpart of SQLite's `PRAGMA integrity_check` (its storage checks are page
    /// checksums and `amcheck`, both for operators): `true` when the server answers `SELECT 1` and the
    /// schema version is one this build knows.
    public func checkIntegrity() throws(StoreError) -> Bool {
        try withConnection("checkIntegrity") { connection throws(StoreError) in
            let answer = try connection.query("SELECT 1", prepared: false).firstRow { row throws(StoreError) in
                try row.integer(0)
            }
            let version = try PostgresMigration.appliedVersion(on: connection)
            return answer == 1 && version <= PostgresMigration.latestVersion
        }
    }
}
