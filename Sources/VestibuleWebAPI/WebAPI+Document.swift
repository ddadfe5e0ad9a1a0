import Foundation
import VestibuleAPI
import VestibuleCore
import VestibuleHTTP

/// JSON documents of a guest or an account (`docs/api.md`, "Documents"), with versions for optimistic
/// concurrency as HTTP has them: `ETag` on reads, and every write states its precondition (`If-None-Match: *`
/// to create, `If-Match: "<version>"` to replace or delete), so that two writers who read the same version
/// cannot both write.
extension WebAPI {
    func installDocumentAPIRoutes(on router: inout Router) {
        router.get(APIPath.documents) { request in
            try documentAPI(request) { _, owner in
                try .json(DocumentListReply(documents: try site.documents.list(of: owner).map(DocumentListReply.Item.init)))
            }
        }
        router.get(APIPath.document(":name")) { request in
            try documentAPI(request) { _, owner in
                let document = try site.documents.read(request.pathParameters["name"] ?? "", of: owner)
                var response = Response(status: .ok, headers: ["Content-Type": "application/json"], body: document.body)
                response.headers.replace("ETag", ExpectedVersion.entityTag(document.version))
                return response
            }
        }
        router.put(APIPath.document(":name")) { request in
            try documentAPI(request, budget: .documentWrites) { call, owner in
                let name = request.pathParameters["name"] ?? ""
                let precondition = try Self.writePrecondition(of: request, in: call)
                let version = try site.documents.write(name, body: request.body, expecting: precondition, of: owner)
                var response = try Response.json(
                    DocumentWriteReply(name: name, version: version), status: precondition == .absent ? .created : .ok
                )
                response.headers.replace("ETag", ExpectedVersion.entityTag(version))
                return response
            }
        }
        router.delete(APIPath.document(":name")) { request in
            try documentAPI(request) { call, owner in
                guard let version = try Self.expectedVersion(of: request, in: call) else {
                    throw APIRefusal.preconditionRequired(call)
                }
                try site.documents.delete(request.pathParameters["name"] ?? "", version: version, of: owner)
                return .empty()
            }
        }
    }

    /// Runs a document call for the owner the request names: a guest by `Authorization: Bearer vg_…`, or an
    /// account by its session (bearer token or cookie) or by an OpenID Connect access token granted the
    /// `documents` scope. A refused document operation becomes its JSON error.
    /// Only writes are counted: they grow the database; reads and deletions guess at no secret and store nothing.
    private func documentAPI(
        _ request: Request, budget: APIBudget = .none, _ handle: (APICall, DocumentOwner) throws -> Response
    ) throws -> Response {
        try jsonAPI(request, budget: budget) { call in
            let owner: DocumentOwner? = if call.bearerToken.flatMap(GuestToken.init(presented:)) != nil {
                try call.guest().map { .guest($0.id) }
            } else if let bearer = call.bearerToken, let (grant, _) = try site.liveGrant(ofAccessToken: bearer) {
                grant.scopes.contains(.documents) ? .account(grant.accountID) : nil
            } else {
                try call.signedIn().map { .account($0.account.id) }
            }
            guard let owner else { throw APIRefusal.signInRequired }
            do {
                return try handle(call, owner)
            } catch let error as DocumentError {
                return try documentRefusal(error, in: call)
            }
        }
    }

    private func documentRefusal(_ error: DocumentError, in call: APICall) throws -> Response {
        // The one refusal with more to say: what is stored now (`null`: nothing by that name).
        if error.code == .versionMismatch {
            return try .json(
                VersionMismatchReply(message: call.text(.documentVersionMismatch), currentVersion: error.currentVersion),
                status: .preconditionFailed
            )
        }
        let refusal = switch error.code {
        case .notFound: APIRefusal(status: .notFound, code: "notFound", message: call.text(.documentNotFound))
        case .invalidName: APIRefusal(status: .badRequest, code: "invalidName", message: call.text(.documentInvalidName))
        case .tooLarge: APIRefusal(status: .contentTooLarge, code: "tooLarge", message: call.text(.documentTooLarge))
        case .tooManyDocuments: APIRefusal(status: .conflict, code: "tooManyDocuments", message: call.text(.documentTooMany))
        case .storageFull:
            APIRefusal(status: .insufficientStorage, code: "storageFull", message: call.text(.documentStorageFull))
        // The guest was claimed by an account, or expired, after its token was checked.
        case .ownerGone: APIRefusal.signInRequired
        default: APIRefusal.invalid(call.text(.documentNotJSON))  // `.notJSON`, the one code left
        }
        return try call.reply(refusal)
    }

    /// The write's one precondition: `If-None-Match: *` or `If-Match: "<version>"`.
    private static func writePrecondition(of request: Request, in call: APICall) throws -> DocumentPrecondition {
        let expected = try expectedVersion(of: request, in: call)
        switch (request.headers["If-None-Match"], expected) {
        case (nil, nil): throw APIRefusal.preconditionRequired(call)
        case ("*", nil): return .absent
        case (nil, let version?): return .version(version)
        default: throw APIRefusal.invalid(call.text(.documentPreconditionRequired))
        }
    }

    /// The version `If-Match` names, `nil` without one. - Throws: 400 for anything but one quoted version.
    private static func expectedVersion(of request: Request, in call: APICall) throws -> Int? {
        guard let tag = request.headers["If-Match"] else { return nil }
        guard tag.count > 2, tag.hasPrefix("\""), tag.hasSuffix("\""), let version = Int(tag.dropFirst().dropLast()),
              version > 0
        else { throw APIRefusal.invalid(call.text(.documentPreconditionRequired)) }
        return version
    }
}

extension APIRefusal {
    static func preconditionRequired(_ call: APICall) -> APIRefusal {
        APIRefusal(
            status: .preconditionRequired, code: "preconditionRequired", message: call.text(.documentPreconditionRequired)
        )
    }
}

extension DocumentListReply.Item {
    init(_ summary: DocumentSummary) {
        self.init(
            name: summary.name.rawValue, version: summary.version, updatedAt: summary.updatedAt.formatted(.iso8601),
            size: summary.size
        )
    }
}
