import Foundation
public import VestibuleHTTP
public import VestibuleJSON
import VestibuleTesting

/// Calls the JSON API in-process the way an app's server does: no cookies, no `Origin`, JSON bodies, and the
/// guest's or session's token as `Authorization: Bearer` when it has one.
public struct APIClient: Sendable {
    public let app: TestApplication
    public var bearer: String?
    /// The key of a registered app, sent as `X-Vestibule-App-Key`: the client is then that app's server.
    public var appKey: String?

    public init(app: TestApplication, bearer: String? = nil, appKey: String? = nil) {
        self.app = app
        self.bearer = bearer
        self.appKey = appKey
    }

    /// One answer of the API.
    public struct Reply: Sendable {
        public let response: Response
        public var status: HTTPStatus { response.status }
        /// The body parsed, or `null` when it is not JSON.
        public var json: JSONValue { JSONValue(parsing: response.body) ?? .null }
        /// The error code of a refusal.
        public var error: String? { json["error"]?.stringValue }
    }

    public func call(_ method: HTTPMethod, _ path: String, _ body: String? = nil, headers: HTTPHeaders = HTTPHeaders()) throws
        -> Reply
    {
        var headers = headers
        if body != nil { headers.replace("Content-Type", "application/json") }
        if let bearer { headers.replace("Authorization", "Bearer \(bearer)") }
        if let appKey { headers.replace("X-Vestibule-App-Key", appKey) }
        return Reply(response: try app.respond(path, method: method, headers: headers, body: body ?? ""))
    }

    public func get(_ path: String) throws -> Reply { try call(.get, path) }

    public func post(_ path: String, _ body: String = "{}") throws -> Reply { try call(.post, path, body) }

    /// Writes a document with `If-None-Match: *` (`version` nil) or `If-Match: "<version>"`.
    public func put(_ name: String, _ body: String, version: Int? = nil) throws -> Reply {
        try call(
            .put, "/api/v1/documents/\(name)", body,
            headers: version.map { ["If-Match": "\"\($0)\""] } ?? ["If-None-Match": "*"]
        )
    }

    /// A new guest, as this client with the guest's token.
    public func newGuest() throws -> (client: APIClient, guestID: String) {
        let reply = try APIClient(app: app, appKey: appKey).post("/api/v1/guests")
        guard reply.status == .created, let token = reply.json["guestToken"]?.stringValue,
              let id = reply.json["guestID"]?.stringValue
        else { throw TestFailure("POST /api/v1/guests answered \(reply.status.code): \(reply.response.text)") }
        return (APIClient(app: app, bearer: token, appKey: appKey), id)
    }

    /// The names and bodies of the caller's documents.
    public func documents() throws -> [String: String] {
        var documents: [String: String] = [:]
        for item in try get("/api/v1/documents").json["documents"]?.arrayValue ?? [] {
            let name = item["name"]?.stringValue ?? ""
            documents[name] = try get("/api/v1/documents/\(name)").response.text
        }
        return documents
    }
}
