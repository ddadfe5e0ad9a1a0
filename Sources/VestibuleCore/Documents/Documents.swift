public import Foundation
import VestibuleJSON

/// JSON documents kept for a guest or an account, with the rules the store does not know: names, JSON
/// bodies, the size limits, each document's and all of them together. Every write states what it expects to
/// find (``DocumentPrecondition``).
public struct Documents: Sendable {
    private let store: any DocumentStore
    private let limits: DocumentLimits
    private let clock: @Sendable () -> Date
    private let storage = DocumentStorageGauge()

    public init(store: any DocumentStore, limits: DocumentLimits, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.limits = limits
        self.clock = clock
    }

    /// The owner's documents, by name.
    public func list(of owner: DocumentOwner) throws(StoreError) -> [DocumentSummary] {
        try store.documents(of: owner)
    }

    /// - Throws: ``DocumentError`` `.invalidName` or `.notFound`; `StoreError`.
    public func read(_ name: String, of owner: DocumentOwner) throws -> StoredDocument {
        guard let document = try store.document(try Self.name(name), of: owner) else {
            throw DocumentError(.notFound)
        }
        return document
    }

    /// Creates or replaces the document and returns its new version.
    /// - Throws: ``DocumentError`` for a bad name or body, a failed precondition, a full owner, full storage or
    ///   a gone owner; `StoreError`.
    public func write(_ name: String, body: [UInt8], expecting precondition: DocumentPrecondition, of owner: DocumentOwner)
        throws -> Int
    {
        let name = try Self.name(name)
        guard body.count <= limits.maximumBytes else { throw DocumentError(.tooLarge) }
        guard JSONValue(parsing: body) != nil else { throw DocumentError(.notJSON) }
        guard try storage.bytes(in: store, now: clock()) + body.count <= limits.storageBytes else {
            throw DocumentError(.storageFull)
        }
        let outcome = try Self.whileOwnerExists { () throws(StoreError) in
            try store.writeDocument(
                name, of: owner, body: body, expecting: precondition, limit: limits.perOwner, at: clock()
            )
        }
        switch outcome {
        case .written(let version):
            storage.add(body.count)
            return version
        case .versionMismatch(let current): throw DocumentError(.versionMismatch, currentVersion: current)
        case .limitReached: throw DocumentError(.tooManyDocuments)
        }
    }

    /// Deletes the document if it is at `version`.
    /// - Throws: ``DocumentError`` `.invalidName`, `.versionMismatch` (also when there is no such document),
    ///   `.ownerGone`; `StoreError`.
    public func delete(_ name: String, version: Int, of owner: DocumentOwner) throws {
        let name = try Self.name(name)
        let outcome = try Self.whileOwnerExists { () throws(StoreError) in
            try store.deleteDocument(name, of: owner, version: version)
        }
        if case .versionMismatch(let current) = outcome {
            throw DocumentError(.versionMismatch, currentVersion: current)
        }
    }

    private static func name(_ text: String) throws(DocumentError) -> DocumentName {
        guard let name = DocumentName(rawValue: text) else { throw DocumentError(.invalidName) }
        return name
    }

    /// The store's `.notFound` for a write means the owner's row is gone (a claimed guest): said as such.
    private static func whileOwnerExists<Outcome>(_ body: () throws(StoreError) -> Outcome) throws -> Outcome {
        do {
            return try body()
        } catch where error.code == .notFound {
            throw DocumentError(.ownerGone)
        }
    }
}
