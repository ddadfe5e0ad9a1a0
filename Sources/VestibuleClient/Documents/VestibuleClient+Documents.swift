public import VestibuleAPI
import VestibuleHTTP
import VestibuleHTTPClient

/// JSON documents of a guest or an account (`docs/api.md`, "Documents"), with versions: every write says what it
/// expects to find, so two writers who read the same version cannot both write. The loser gets
/// ``VestibuleClientError/Code/versionMismatch``, reads again, and writes its change onto what is there.
extension VestibuleClient {
    /// Every document `owner` has: names, versions, sizes, and when each was last written.
    public func documents(of owner: Owner) throws(VestibuleClientError) -> [DocumentListReply.Item] {
        let call = "GET \(APIPath.documents)"
        let response = try send(.get, APIPath.documents, bearer: owner.bearer)
        return try decode(DocumentListReply.self, from: response, call: call).documents
    }

    /// The document `name` of `owner` with its version, or `nil` when there is none.
    public func document<Value: Decodable>(
        _ name: String, as type: Value.Type, of owner: Owner
    ) throws(VestibuleClientError) -> StoredDocument<Value>? {
        let path = try Self.documentPath(name)
        let response = try send(.get, path, bearer: owner.bearer, handled: [404])
        guard response.status != 404 else { return nil }
        guard let version = response.headers["ETag"].flatMap(ExpectedVersion.version(inEntityTag:)) else {
            throw VestibuleClientError(.unexpectedReply, call: "GET \(path): no ETag", status: response.status)
        }
        return StoredDocument(value: try decode(type, from: response, call: "GET \(path)"), version: version)
    }

    /// Writes `value` as the document `name` of `owner` if it is as `precondition` expects: ``ExpectedVersion/absent``
    /// creates, ``ExpectedVersion/version(_:)`` replaces that version. Returns the new version.
    ///
    /// - Throws: ``VestibuleClientError/Code/versionMismatch`` when the document is not as expected (it exists
    ///   already, or someone wrote it since), with ``VestibuleClientError/currentVersion``.
    @discardableResult
    public func write(
        _ name: String, _ value: some Encodable, expecting precondition: ExpectedVersion, for owner: Owner
    ) throws(VestibuleClientError) -> Int {
        let path = try Self.documentPath(name)
        let call = "PUT \(path)"
        let body = try encode(value, call: call)
        let response = try send(
            .put, path, bearer: owner.bearer, headers: HTTPHeaders([precondition.header]), body: body
        )
        return try decode(DocumentWriteReply.self, from: response, call: call).version
    }

    /// Deletes `name` if it is still at `version`.
    ///
    /// - Throws: ``VestibuleClientError/Code/versionMismatch`` when it changed since, or is gone
    ///   (``VestibuleClientError/currentVersion`` `nil`).
    public func delete(_ name: String, version: Int, of owner: Owner) throws(VestibuleClientError) {
        let path = try Self.documentPath(name)
        _ = try send(.delete, path, bearer: owner.bearer, headers: HTTPHeaders([ExpectedVersion.version(version).header]))
    }
}
