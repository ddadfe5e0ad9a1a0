import Foundation
import VestibuleHTTP
import VestibuleJSON
import VestibuleTesting

/// Calls the JSON API in-process the way an app's server does: no cookies, no `Origin`, JSON bodies, and the
/// guest's or session's token as `Authorization: Bearer` when it has one.
struct APIClient {
    let app: TestApplication
    var bearer: String?
    /// The key of a registered app, sent as `X-Vestibule-App-Key`: the client is then that app's server.
    var appKey: String?

    init(app: TestApplication, bearer: String? = nil, appKey: String? = nil) {
        self.app = app
        self.bearer = bearer
        self.appKey = appKey
    }

    struct Reply {
        let response: Response
        var status: HTTPStatus { response.status }
        var json: JSONValue { JSONValue(parsing: response.body) ?? .null }
        /// The error code of a refusal.
        var error: String? { json["error"]?.stringValue }
    }

    func call(_ method: HTTPMethod, _ path: String, _ body: String? = nil, headers: HTTPHeaders = HTTPHeaders()) throws
        -> Reply
    {
        var headers = headers
        if body != nil { headers.replace("Content-Type", "application/json") }
        if let bearer { headers.replace("Authorization", "Bearer \(bearer)") }
        if let appKey { headers.replace("X-Vestibule-App-Key", appKey) }
        return Reply(response: try app.respond(path, method: method, headers: headers, body: body ?? ""))
    }

    func get(_ path: String) throws -> Reply { try call(.get, path) }

    func post(_ path: String, _ body: String = "{}") throws -> Reply { try call(.post, path, body) }

    /// Writes a document with `If-None-Match: *` (`version` nil) or `If-Match: "<version>"`.
    func put(_ name: String, _ body: String, version: Int? = nil) throws -> Reply {
        try call(
            .put, "/api/v1/documents/\(name)", body,
            headers: version.map { ["If-Match": "\"\($0)\""] } ?? ["If-None-Match": "*"]
        )
    }

    /// A new guest, as this client with the guest's token.
    func newGuest() throws -> (client: APIClient, guestID: String) {
        let reply = try APIClient(app: app, appKey: appKey).post("/api/v1/guests")
        guard reply.status == .created, let token = reply.json["guestToken"]?.stringValue,
              let id = reply.json["guestID"]?.stringValue
        else { throw TestFailure("POST /api/v1/guests answered \(reply.status.code): \(reply.response.text)") }
        return (APIClient(app: app, bearer: token, appKey: appKey), id)
    }

    /// The names and bodies of the caller's documents.
    func documents() throws -> [String: String] {
        var documents: [String: String] = [:]
        for item in try get("/api/v1/documents").json["documents"]?.arrayValue ?? [] {
            let name = item["name"]?.stringValue ?? ""
            documents[name] = try get("/api/v1/documents/\(name)").response.text
        }
        return documents
    }
}
