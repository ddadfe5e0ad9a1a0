/// The reply of `GET /api/v1/documents`: every document of the guest or account, by name.
public struct DocumentListReply: Codable, Sendable, Equatable {
    /// One document, without its body.
    public struct Item: Codable, Sendable, Equatable {
        public let name: String
        /// Starts at 1 and grows by one with each write; what a write names in `If-Match`.
        public let version: Int
        /// ISO 8601, as the server wrote it.
        public let updatedAt: String
        /// In bytes.
        public let size: Int

        public init(name: String, version: Int, updatedAt: String, size: Int) {
            self.name = name
            self.version = version
            self.updatedAt = updatedAt
            self.size = size
        }
    }

    public let documents: [Item]

    public init(documents: [Item]) {
        self.documents = documents
    }
}
