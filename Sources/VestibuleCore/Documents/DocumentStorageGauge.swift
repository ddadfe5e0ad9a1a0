import Foundation
import Synchronization

/// How many bytes the documents of every owner take together, for the storage quota, without a scan of the
/// documents table on every write: the store's sum is read at most once per ``refreshInterval``, and the bytes
/// this process wrote since are added to it.
///
/// So the quota holds to within what other instances wrote in the last ``refreshInterval`` (document writes
/// are rate-limited per client), and a deletion makes room at the next reading. Replacing a document counts its
/// whole new body until then: the gauge errs towards full, never towards empty.
final class DocumentStorageGauge: Sendable {
    static let refreshInterval: TimeInterval = 10

    private struct Reading {
        var bytes: Int
        var readAt: Date
    }

    private let reading = Mutex<Reading?>(nil)

    /// The bytes stored, read from `store` when the last reading is older than ``refreshInterval``.
    func bytes(in store: any DocumentStore, now: Date) throws(StoreError) -> Int {
        if let current = reading.withLock({ $0 }), now.timeIntervalSince(current.readAt) < Self.refreshInterval {
            return current.bytes
        }
        // Read without holding the lock: two threads refreshing at once both read the store, which is harmless.
        let bytes = try store.documentStorageBytes()
        reading.withLock { $0 = Reading(bytes: bytes, readAt: now) }
        return bytes
    }

    /// Counts a body this process just wrote.
    func add(_ bytes: Int) {
        reading.withLock { $0?.bytes += bytes }
    }
}
