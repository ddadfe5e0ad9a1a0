import VestibuleHTTP
import VestibuleHTTPClient

/// Guests and their JSON documents: `POST /api/v1/guests` and `/api/v1/documents`.
extension VestibuleClient {
    /// A new guest, for a visitor who is about to keep something (a cart) without signing in.
    public func createGuest() throws(VestibuleClientError) -> Owner {
        let call = "POST /api/v1/guests"
        let response = try send(.post, "/api/v1/guests", body: Array("{}".utf8))
        let guest = try decode(NewGuest.self, from: response, call: call)
        guard guest.guestToken.hasPrefix("vg_") else {
            throw VestibuleClientError(.unexpectedReply, call: "\(call): not a guest token", status: response.status)
        }
        return .guest(token: guest.guestToken)
    }

    /// Every document `owner` has: names, versions, and when each was last written.
    public func documents(of owner: Owner) throws(VestibuleClientError) -> [DocumentSummary] {
        let call = "GET /api/v1/documents"
        let response = try send(.get, "/api/v1/documents", owner: owner)
        return try decode(DocumentList.self, from: response, call: call).documents.filter { DocumentName.isValid($0.name) }
    }

    /// The document `name` of `owner` with its version, or nil when there is none.
    public func document<Value: Decodable>(
        _ name: String, as type: Value.Type, of owner: Owner
    ) throws(VestibuleClientError) -> StoredDocument<Value>? {
        let path = try DocumentName.path(name)
        let response = try send(.get, path, owner: owner, handled: [404])
        guard response.status != 404 else { return nil }
        guard let version = Self.version(in: response) else {
            throw VestibuleClientError(.unexpectedReply, call: "GET \(path): no ETag", status: response.status)
        }
        return StoredDocument(value: try decode(type, from: response, call: "GET \(path)"), version: version)
    }

    /// Creates `name` (`If-None-Match: *`); returns its version. Throws ``VestibuleClientError/Code/versionMismatch``
    /// when it exists already.
    public func create(_ name: String, _ value: some Encodable, for owner: Owner) throws(VestibuleClientError) -> Int {
        try put(name, value, for: owner, precondition: ("If-None-Match", "*"))
    }

    /// Replaces `name` if it is still at `version` (`If-Match`); returns the new version. Throws
    /// ``VestibuleClientError/Code/versionMismatch`` when someone wrote it since.
    public func replace(
        _ name: String, _ value: some Encodable, version: Int, for owner: Owner
    ) throws(VestibuleClientError) -> Int {
        try put(name, value, for: owner, precondition: ("If-Match", "\"\(version)\""))
    }

    /// Deletes `name` if it is still at `version`. Throws ``VestibuleClientError/Code/versionMismatch`` when
    /// it changed since, and ``VestibuleClientError/Code/refused`` (status 404) when it is gone.
    public func delete(_ name: String, version: Int, of owner: Owner) throws(VestibuleClientError) {
        let path = try DocumentName.path(name)
        _ = try send(.delete, path, owner: owner, headers: ["If-Match": "\"\(version)\""])
    }

    private func put(
        _ name: String, _ value: some Encodable, for owner: Owner, precondition: (String, String)
    ) throws(VestibuleClientError) -> Int {
        let path = try DocumentName.path(name)
        let call = "PUT \(path)"
        let body = try encode(value, call: call)
        let response = try send(.put, path, owner: owner, headers: HTTPHeaders([precondition]), body: body)
        return try decode(WrittenDocument.self, from: response, call: call).version
    }

    /// The version in an `ETag: "3"` (weak or strong).
    static func version(in response: HTTPClientResponse) -> Int? {
        guard var tag = response.headers["ETag"] else { return nil }
        if tag.hasPrefix("W/") { tag.removeFirst(2) }
        guard tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") else { return nil }
        return Int(tag.dropFirst().dropLast())
    }

    private struct NewGuest: Decodable {
        let guestToken: String
    }

    private struct DocumentList: Decodable {
        let documents: [DocumentSummary]
    }

    private struct WrittenDocument: Decodable {
        let version: Int
    }
}

/// A document's value with the version to write it back against.
public struct StoredDocument<Value> {
    public var value: Value
    public let version: Int
}

extension StoredDocument: Sendable where Value: Sendable {}

/// One entry of `GET /api/v1/documents`.
public struct DocumentSummary: Sendable, Decodable, Equatable {
    public let name: String
    public let version: Int
    /// ISO 8601, as Vestibule wrote it.
    public let updatedAt: String
}

/// Document names as the API accepts them: `[A-Za-z0-9._-]{1,64}`, which need no escaping in a path.
enum DocumentName {
    static func isValid(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
    }

    /// `/api/v1/documents/<name>`; a name the API would refuse is refused here, before anything is sent.
    static func path(_ name: String) throws(VestibuleClientError) -> String {
        guard isValid(name) else {
            throw VestibuleClientError(.invalidRequest, call: "a document name outside [A-Za-z0-9._-]{1,64}")
        }
        return "/api/v1/documents/\(name)"
    }
}
