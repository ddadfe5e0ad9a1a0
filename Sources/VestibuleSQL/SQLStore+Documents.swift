package import Foundation
package import VestibuleCore

extension SQLStore {
    /// The owner's documents, by name; the size is the body's length in bytes, read without the body.
    public func documents(of owner: DocumentOwner) throws(StoreError) -> [DocumentSummary] {
        try reading("documents") { connection throws(StoreError) in
            try connection.rows(
                "SELECT name, version, updated_at, length(body) FROM documents WHERE \(owner.holds) ORDER BY name"
            ) { row throws(StoreError) in
                DocumentSummary(
                    name: try row.value(0), version: Int(try row.integer(1)), updatedAt: try row.date(2),
                    size: Int(try row.integer(3))
                )
            }
        }
    }

    public func documentStorageBytes() throws(StoreError) -> Int {
        try reading("documentStorageBytes") { connection throws(StoreError) in
            try connection.firstRow("SELECT coalesce(sum(length(body)), 0) FROM documents") { row throws(StoreError) in
                Int(try row.integer(0))
            } ?? 0
        }
    }

    public func document(_ name: DocumentName, of owner: DocumentOwner) throws(StoreError) -> StoredDocument? {
        try reading("document") { connection throws(StoreError) in
            try connection.firstRow(
                "SELECT name, version, body, updated_at FROM documents WHERE \(owner.holds) AND name = \(name.rawValue)"
            ) { row throws(StoreError) in
                StoredDocument(
                    owner: owner, name: try row.value(0), version: Int(try row.integer(1)), body: try row.blob(2),
                    updatedAt: try row.date(3)
                )
            }
        }
    }

    /// Locks the owner, then checks the precondition (and, for a new document, the owner's count) against
    /// what is stored, in one transaction: of two writers expecting the same version, the second finds the
    /// first one's and fails.
    public func writeDocument(
        _ name: DocumentName, of owner: DocumentOwner, body: [UInt8], expecting precondition: DocumentPrecondition,
        limit: Int, at date: Date
    ) throws(StoreError) -> DocumentWriteOutcome {
        try transaction("writeDocument") { connection throws(StoreError) in
            try connection.lock(owner)
            let current = try connection.version(of: name, of: owner)
            switch precondition {
            case .absent:
                guard current == nil else { return .versionMismatch(current: current) }
                let held = try connection.firstRow(
                    "SELECT count(*) FROM documents WHERE \(owner.holds)"
                ) { row throws(StoreError) in try row.integer(0) } ?? 0
                guard held < limit else { return .limitReached }
                let (accountID, guestID) = owner.columns
                try connection.run(
                    """
                    INSERT INTO documents (id, account_id, guest_id, name, version, body, updated_at)
                    VALUES (\(UUID().uuidString.lowercased()), \(accountID), \(guestID), \(name.rawValue), \(Int64(1)),
                            \(body), \(date))
                    """
                )
                return .written(version: 1)
            case .version(let expected):
                guard current == expected else { return .versionMismatch(current: current) }
                try connection.run(
                    """
                    UPDATE documents SET body = \(body), version = \(Int64(expected + 1)), updated_at = \(date)
                    WHERE \(owner.holds) AND name = \(name.rawValue)
                    """
                )
                return .written(version: expected + 1)
            }
        }
    }

    public func deleteDocument(_ name: DocumentName, of owner: DocumentOwner, version: Int) throws(StoreError)
        -> DocumentDeletion
    {
        try transaction("deleteDocument") { connection throws(StoreError) in
            try connection.lock(owner)
            let current = try connection.version(of: name, of: owner)
            guard current == version else { return .versionMismatch(current: current) }
            try connection.run("DELETE FROM documents WHERE \(owner.holds) AND name = \(name.rawValue)")
            return .deleted
        }
    }
}

extension SQLConnection {
    /// Locks the owner's row until the transaction ends (SQLite's single writer holds the whole database
    /// already; PostgreSQL locks the row `FOR UPDATE`), so one owner's writes, and a guest's claim, happen one
    /// after another. - Throws: `.notFound` when the owner is gone (a claimed or expired guest).
    func lock(_ owner: DocumentOwner) throws(StoreError) {
        let exists = switch owner {
        case .account(let id): try lockAccount(id)
        case .guest(let id): try firstRow("SELECT 1 FROM guests WHERE id = \(id.rawValue) \(.forUpdate)") { _ in true } ?? false
        }
        guard exists else { throw StoreError(.notFound, "the document's owner does not exist") }
    }

    /// The stored version of the owner's document, or `nil` when there is none.
    func version(of name: DocumentName, of owner: DocumentOwner) throws(StoreError) -> Int? {
        try firstRow(
            "SELECT version FROM documents WHERE \(owner.holds) AND name = \(name.rawValue)"
        ) { row throws(StoreError) in Int(try row.integer(0)) }
    }
}

extension DocumentOwner {
    /// The condition that selects this owner's documents.
    var holds: SQL {
        switch self {
        case .account(let id): "account_id = \(id.rawValue)"
        case .guest(let id): "guest_id = \(id.rawValue)"
        }
    }

    /// The values of `account_id` and `guest_id`: exactly one is set.
    fileprivate var columns: (accountID: String?, guestID: String?) {
        switch self {
        case .account(let id): (id.rawValue, nil)
        case .guest(let id): (nil, id.rawValue)
        }
    }
}
