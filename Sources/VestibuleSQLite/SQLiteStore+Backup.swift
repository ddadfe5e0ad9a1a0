public import VestibuleCore
import VestibuleSQL

extension SQLiteStore {
    /// Copies the database, as it was when the copy began, into a new file at `path`, while this and other
    /// processes go on writing. `progress` receives the pages copied and the pages in all after each step.
    ///
    /// A reader connection holds one read transaction from the first page to the last, so every page comes
    /// from the same snapshot: in WAL mode that blocks no writer. Without it the backup API starts again from
    /// the first page whenever another process commits between two steps, so a large database under a steady
    /// write load might never finish.
    /// - Returns: the schema version of the copy, read in the same snapshot.
    public func backUp(to path: String, progress: (_ copied: Int, _ total: Int) -> Void) throws(StoreError) -> Int {
        try readers.withConnection { connection throws(StoreError) in
            // A deferred transaction takes its snapshot at its first read.
            try connection.execute("BEGIN DEFERRED")
            let version: Int
            do throws(StoreError) {
                version = try Self.schema.appliedVersion(on: connection)
                try copy(from: connection, to: path, progress: progress)
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
            // Read-only: the commit only ends the snapshot.
            try connection.execute("COMMIT")
            return version
        }
    }

    /// 256 pages (1 MiB at SQLite's default page size) a step: progress often enough, few calls.
    private static let pagesPerStep: Int32 = 256

    private func copy(
        from connection: SQLiteConnection,
        to path: String,
        progress: (_ copied: Int, _ total: Int) -> Void
    ) throws(StoreError) {
        let backup = try SQLiteBackup(from: connection, into: path)
        while try !backup.step(pages: Self.pagesPerStep) {
            progress(backup.copiedPages, backup.totalPages)
        }
        progress(backup.totalPages, backup.totalPages)
        try backup.leaveWriteAheadLogging()
    }
}
