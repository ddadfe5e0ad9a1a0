public import Foundation

/// The JSON documents apps keep for an account or a guest, written with versions so that concurrent writers
/// cannot overwrite each other unseen.
public protocol DocumentStore: Sendable {
    /// The owner's documents, by name, without their bodies.
    func documents(of owner: DocumentOwner) throws(StoreError) -> [DocumentSummary]
    func document(_ name: DocumentName, of owner: DocumentOwner) throws(StoreError) -> StoredDocument?
    /// The size of every owner's document bodies together, in bytes: a scan, for the storage quota to read now
    /// and then (``DocumentStorageGauge``), not on every write.
    func documentStorageBytes() throws(StoreError) -> Int
    /// Creates (``DocumentPrecondition/absent``, as version 1, unless the owner holds `limit` documents) or
    /// replaces (at the expected version, as the next) the document, after locking its owner's row, so writes
    /// of one owner and a claim of a guest happen one after another. Fails with `.notFound` when the owner is gone.
    func writeDocument(
        _ name: DocumentName, of owner: DocumentOwner, body: [UInt8], expecting precondition: DocumentPrecondition,
        limit: Int, at date: Date
    ) throws(StoreError) -> DocumentWriteOutcome
    /// Deletes the document if it is at `version`, after locking its owner's row. Fails with `.notFound` when
    /// the owner is gone.
    func deleteDocument(_ name: DocumentName, of owner: DocumentOwner, version: Int) throws(StoreError) -> DocumentDeletion
}
