public import Foundation

/// A JSON document as stored: its body exactly as the app sent it (checked to be JSON), and its version for
/// optimistic concurrency.
public struct StoredDocument: Sendable, Equatable {
    public let owner: DocumentOwner
    public let name: DocumentName
    /// 1 when created, one more with each replacement.
    public let version: Int
    /// UTF-8 JSON text.
    public let body: [UInt8]
    public let updatedAt: Date

    public init(owner: DocumentOwner, name: DocumentName, version: Int, body: [UInt8], updatedAt: Date) {
        self.owner = owner
        self.name = name
        self.version = version
        self.body = body
        self.updatedAt = updatedAt
    }

    public var summary: DocumentSummary {
        DocumentSummary(name: name, version: version, updatedAt: updatedAt, size: body.count)
    }
}

/// A document without its body: what a list shows.
public struct DocumentSummary: Sendable, Equatable {
    public let name: DocumentName
    public let version: Int
    public let updatedAt: Date
    /// The body's length in bytes.
    public let size: Int

    public init(name: DocumentName, version: Int, updatedAt: Date, size: Int) {
        self.name = name
        self.version = version
        self.updatedAt = updatedAt
        self.size = size
    }
}
