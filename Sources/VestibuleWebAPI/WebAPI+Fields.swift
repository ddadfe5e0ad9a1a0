import Foundation
import VestibuleAPI
import VestibuleCore
import VestibuleHTTP

/// The data policy's fields for apps (`docs/api.md`): an app sets any declared field of the signed-in account
/// where it needs it, and takes back an optional one. By the session cookie (with the anti-forgery token) or
/// `Authorization: Bearer`.
extension WebAPI {
    func installFieldAPIRoutes(on router: inout Router) {
        router.put(APIPath.accountField(":name")) { request in
            try jsonAPI(request) { call in
                guard let (_, account) = try call.signedIn() else { throw APIRefusal.signInRequired }
                let body = try call.body(FieldRequest.self)
                do {
                    let value = try site.fields.give(body.value, for: request.pathParameters["name"] ?? "", of: account.id)
                    let missing = try site.fields.missing(of: account.id).map(\.name)
                    return try .json(
                        FieldReply(
                            name: value.name, value: value.value, givenAt: value.givenAt.formatted(.iso8601),
                            complete: missing.isEmpty, missingFields: missing
                        )
                    )
                } catch let error as FieldError {
                    throw APIRefusal(fieldError: error, in: call)
                }
            }
        }
        router.delete(APIPath.accountField(":name")) { request in
            try jsonAPI(request) { call in
                guard let (_, account) = try call.signedIn() else { throw APIRefusal.signInRequired }
                let name = request.pathParameters["name"] ?? ""
                do {
                    let existed = try site.fields.withdraw(name, of: account.id)
                    // Taking back a declared field not given is done already; an undeclared one never existed.
                    guard existed || site.fields.policy.field(named: name) != nil else { throw FieldError(.unknownField, field: name) }
                    return .empty()
                } catch let error as FieldError {
                    throw APIRefusal(fieldError: error, in: call)
                }
            }
        }
    }
}

extension APIRefusal {
    /// A refused field value: the code says which check failed; the sentence is the one the pages show.
    init(fieldError error: FieldError, in call: APICall) {
        let status: HTTPStatus = switch error.code {
        case .unknownField: .notFound
        case .requiredField: .conflict
        default: .badRequest
        }
        self.init(
            status: status, code: APIErrorCode(rawValue: error.code.description),
            message: error.message(in: call.site.localization.catalog(for: call.visitor.language))
        )
    }
}
