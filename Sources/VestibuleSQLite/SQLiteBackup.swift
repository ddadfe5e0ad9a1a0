internal import CSQLite
import VestibuleCore

/// SQLite's online backup (`sqlite3_backup_*`) of a connection's database into a new file, a few pages per
/// ``step(pages:)``. It owns the new file's connection and the backup object, and releases both in `deinit`.
final class SQLiteBackup {
    private let destination: OpaquePointer
    private let backup: OpaquePointer

    /// Starts copying the database `source` reads into the file at `path`, which must not exist yet.
    init(from source: SQLiteConnection, into path: String) throws(StoreError) {
        var raw: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_EXRESCODE
        let rc = sqlite3_open_v2(path, &raw, flags, nil)
        guard rc == SQLITE_OK, let raw else {
            let error = StoreError(sqlite: rc, raw, action: "cannot create the backup at \(path)")
            sqlite3_close_v2(raw)
            throw error
        }
        guard let backup = sqlite3_backup_init(raw, "main", source.handle, "main") else {
            // The error is left on the destination's handle.
            let error = StoreError(sqlite: sqlite3_extended_errcode(raw), raw, action: "cannot start the backup")
            sqlite3_close_v2(raw)
            throw error
        }
        destination = raw
        self.backup = backup
    }

    deinit {
        // Finishing releases the source's read lock; the destination closes after it, with nothing left open.
        sqlite3_backup_finish(backup)
        sqlite3_close_v2(destination)
    }

    /// The database's pages, as of the last step.
    var totalPages: Int { Int(sqlite3_backup_pagecount(backup)) }
    var copiedPages: Int { totalPages - Int(sqlite3_backup_remaining(backup)) }

    /// Copies up to `pages` more pages; `true` once every page is copied.
    func step(pages: Int32) throws(StoreError) -> Bool {
        let rc = sqlite3_backup_step(backup, pages)
        switch rc {
        case SQLITE_DONE: return true
        case SQLITE_OK: return false
        default: throw StoreError(sqlite: rc, nil, action: "copying the database into the backup")
        }
    }

    /// Makes the finished copy a single file: the source's header says WAL, which would have anyone who opens
    /// the backup (to verify it, to inspect it) create `-wal` and `-shm` files beside it.
    func leaveWriteAheadLogging() throws(StoreError) {
        let rc = sqlite3_exec(destination, "PRAGMA journal_mode = DELETE", nil, nil, nil)
        guard rc == SQLITE_OK else { throw StoreError(sqlite: rc, destination, action: "finishing the backup") }
    }
}

@available(*, unavailable)
extension SQLiteBackup: Sendable {}
