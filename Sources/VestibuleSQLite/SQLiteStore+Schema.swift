public import VestibuleCore

extension SQLiteStore {
    /// Applies every migration the database lacks, each in its own transaction.
    /// - Throws: `.incompatibleSchema` when the database was migrated by a newer Vestibule.
    @discardableResult
    public func migrate() throws(StoreError) -> [Int] {
        try withWriter("migrate") { connection throws(StoreError) in
            try connection.execute(Migration.createLedger)
            var applied: [Int] = []
            while let version = try Migration.applyNext(on: connection) {
                applied.append(version)
            }
            return applied
        }
    }

    /// The highest migration version applied; 0 before the first ``migrate()``.
    public func schemaVersion() throws(StoreError) -> Int {
        try read("schemaVersion") { connection throws(StoreError) in try Migration.appliedVersion(on: connection) }
    }

    /// Runs `PRAGMA integrity_check`: `true` when SQLite reports the single row `ok`.
    public func checkIntegrity() throws(StoreError) -> Bool {
        try read("checkIntegrity") { connection throws(StoreError) in
            let report = try connection.rows("PRAGMA integrity_check") { row throws(StoreError) in try row.text(0) }
            return report == ["ok"]
        }
    }
}
