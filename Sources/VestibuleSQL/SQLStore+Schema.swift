package import VestibuleCore

extension SQLStore {
    /// Applies every migration the database lacks, each in its own transaction.
    /// - Throws: `.incompatibleSchema` when the database was migrated by a newer Vestibule.
    @discardableResult
    public func migrate() throws(StoreError) -> [Int] {
        try writing("migrate") { connection throws(StoreError) in
            var applied: [Int] = []
            while let version = try Self.schema.applyNext(on: connection) {
                applied.append(version)
            }
            return applied
        }
    }

    /// The highest migration version applied; 0 before the first ``migrate()``.
    public func schemaVersion() throws(StoreError) -> Int {
        try reading("schemaVersion") { connection throws(StoreError) in
            try Self.schema.appliedVersion(on: connection)
        }
    }
}
