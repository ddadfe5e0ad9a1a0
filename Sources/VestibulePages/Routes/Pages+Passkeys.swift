import Foundation
import VestibuleCore
import VestibuleCrypto
import VestibuleHTTP
import VestibuleSite

/// The pages around passkeys: the one-time offer after a password sign-in (AUTH-12: an offer with its
/// benefit, never a settings toggle), and renaming or deleting them from the account page.
extension Pages {
    func installPasskeyRoutes(on router: inout Router) {
        router.get("/account/passkey-offer") { request in try passkeyOffer(request) }
        router.post("/account/passkeys/:id/rename") { request in try renamePasskey(request) }
        router.post("/account/passkeys/:id/delete") { request in try deletePasskey(request) }
    }

    /// Whether to offer a passkey right after a sign-in without one: only to an account that has none, and
    /// only once per browser (the offer page sets a cookie).
    func shouldOfferPasskey(to accountID: AccountID, request: Request) throws -> Bool {
        guard request.cookies[Visitor.passkeyOfferedCookie] == nil else { return false }
        return try site.services.store.passkeys(of: accountID).isEmpty
    }

    private func passkeyOffer(_ request: Request) throws -> Response {
        let visitor = try site.visitor(of: request)
        guard visitor.session != nil else { return .redirect(to: "/sign-in") }
        var response = try render(for: request, visitor: visitor) { PasskeyOfferPage.render(in: $0) }
        response.setCookie(
            try Cookie(name: Visitor.passkeyOfferedCookie, value: "1", maxAge: 365 * 24 * 3600, secure: site.configuration.secure)
        )
        return response
    }

    private func renamePasskey(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        guard let account = visitor.account else { return .redirect(to: "/sign-in") }
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...PasskeyNames.maximumLength).contains(name.count) else {
            throw HTTPError(.badRequest, "A passkey's name is 1 to \(PasskeyNames.maximumLength) characters.")
        }
        guard try site.services.store.renamePasskey(id: try passkeyID(in: request), of: account.id, to: name) else {
            throw HTTPError(.notFound, "No such passkey on this account.")
        }
        site.audit(.passkeyRenamed, account: account.id, method: .passkey, detail: name, request: request)
        return .redirect(to: "/account?notice=passkey-renamed")
    }

    private func deletePasskey(_ request: Request) throws -> Response {
        let (visitor, _) = try site.checkedForm(request)
        guard let session = visitor.session, let account = visitor.account else { return .redirect(to: "/sign-in") }
        guard let notice = try site.credentialChanges.authorize(session) else {
            return .redirect(to: CredentialChanges.signInAgainPath)
        }
        let id = try passkeyID(in: request)
        let name = try site.services.store.passkeys(of: account.id).first { $0.id == id }?.name ?? ""
        switch try site.services.store.deletePasskey(id: id, of: account.id) {
        case .deleted:
            notice.send(.passkeyRemoved(name: name), in: visitor.language)
            site.audit(.passkeyRemoved, account: account.id, method: .passkey, detail: name, request: request)
            return .redirect(to: "/account?notice=passkey-deleted")
        case .notFound: throw HTTPError(.notFound, "No such passkey on this account.")
        case .lastSignInMethod: throw HTTPError(.conflict, "This passkey is the account's only way to sign in.")
        }
    }

    private func passkeyID(in request: Request) throws(HTTPError) -> [UInt8] {
        guard let id = try? Base64URL.decode(request.pathParameters["id"] ?? "") else {
            throw HTTPError(.notFound, "No such passkey on this account.")
        }
        return id
    }
}
