package import VestibuleCore

/// Copies every table of one Vestibule database into another, then verifies the copy (`vestibule copy-data`).
///
/// Written once over ``SQLConnection``: rows are read from one connection and written with the other, table
/// by table from ``SQLTable/all``, in batches, so any two backends can be the source and the target.
///
/// Each side works inside one transaction. The source's keeps the data still: on SQLite it is `BEGIN
/// IMMEDIATE` on the writer, so an instance still running on the file cannot change it during the copy. The
/// target's makes the copy all or nothing: a failure, or a table whose rows or checksum differ when read back,
/// rolls it back and leaves the target as it was.
package struct SQLDataCopy {
    package enum Progress {
        case copying(table: String, copied: Int, of: Int)
        case verifying(table: String)
    }

    package struct TableReport: Sendable {
        package let table: String
        /// The source's rows and checksum, which the target's equal.
        package let checksum: TableChecksum
    }

    package enum Outcome {
        case copied([TableReport])
        /// The target already holds data in these tables, and replacing it was not asked for: nothing changed.
        case targetNotEmpty([String])
    }

    /// Rows per read and per `INSERT`: up to 12 columns × 500 rows keeps a statement well under SQLite's and
    /// PostgreSQL's limits on parameters, and a batch costs one round trip to a remote server.
    private let batchSize = 500
    private let tables = SQLTable.all + [SQLTable.ledger]

    package init() {}

    /// Copies `source`'s rows into `target`, whose schema must already be the source's version.
    ///
    /// The target's own migration ledger is always replaced by the source's; its other tables must be empty
    /// unless `replacing`, which empties them first, in the same transaction.
    package func run(
        from source: any SQLStore,
        to target: any SQLStore,
        replacing: Bool,
        progress: (Progress) -> Void
    ) throws(StoreError) -> Outcome {
        try source.write { reader throws(StoreError) in
            try reader.transaction { () throws(StoreError) in
                try target.write { writer throws(StoreError) in
                    try writer.transaction { () throws(StoreError) in
                        try copy(from: reader, to: writer, replacing: replacing, progress: progress)
                    }
                }
            }
        }
    }

    private func copy(
        from source: any SQLConnection,
        to target: any SQLConnection,
        replacing: Bool,
        progress: (Progress) -> Void
    ) throws(StoreError) -> Outcome {
        var occupied: [String] = []
        for table in SQLTable.all {
            if try !table.isEmpty(on: target) { occupied.append(table.name) }
        }
        guard occupied.isEmpty || replacing else { return .targetNotEmpty(occupied) }
        // Children first, so no foreign key points at a deleted row.
        for table in tables.reversed() {
            try StoreError.during("emptying \(table.name) in the target") { () throws(StoreError) in
                try table.deleteAll(on: target)
            }
        }
        for table in tables {
            try StoreError.during("copying \(table.name)") { () throws(StoreError) in
                let total = try table.count(on: source)
                var copied = 0
                progress(.copying(table: table.name, copied: 0, of: total))
                try table.forEachPage(on: source, size: batchSize, inInsertionOrder: true) { rows throws(StoreError) in
                    try table.insert(rows, on: target)
                    copied += rows.count
                    progress(.copying(table: table.name, copied: copied, of: total))
                }
            }
        }
        var reports: [TableReport] = []
        for table in tables {
            progress(.verifying(table: table.name))
            let expected = try TableChecksum(of: table, on: source, pageSize: batchSize)
            let copied = try TableChecksum(of: table, on: target, pageSize: batchSize)
            guard copied == expected else {
                // Thrown inside the target's transaction, which rolls the whole copy back.
                throw StoreError(
                    .corrupt,
                    "verifying \(table.name): the source has \(expected.rows) rows with checksum \(expected.hex), "
                        + "the target read back \(copied.rows) with checksum \(copied.hex)"
                )
            }
            reports.append(TableReport(table: table.name, checksum: expected))
        }
        return .copied(reports)
    }
}
