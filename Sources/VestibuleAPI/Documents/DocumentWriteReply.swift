/// The reply of a successful `PUT /api/v1/documents/{name}` (201 created, 200 replaced); the version also
/// travels as the `ETag`.
public struct DocumentWriteReply: Codable, Sendable, Equatable {
    public let name: String
    /// The version the write made: the next write names it in `If-Match`.
    public let version: Int

    public init(name: String, version: Int) {
        self.name = name
        self.version = version
    }
}
