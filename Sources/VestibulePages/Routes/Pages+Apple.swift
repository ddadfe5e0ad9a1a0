import Foundation
import VestibuleApple
import VestibuleCore
import VestibuleHTTP
import VestibuleJSON
import VestibuleSite

/// Sign in with Apple on the web (SIWA-1…14): start, Apple's cross-site callback, the same-site completion,
/// linking to an existing account (`Pages+AppleLink.swift`), unlinking, Apple's notifications, and account
/// deletion that revokes.
extension Pages {
    func installAppleRoutes(on router: inout Router) {
        router.post("/apple/start") { request in try startApple(request) }
        // Apple's form POST comes from appleid.apple.com: no anti-forgery token and no SameSite=Lax cookies,
        // so `state` (single use, held server-side) is what proves it answers a sign-in this site started.
        router.post("/apple/callback") { request in try appleCallback(request) }
        router.get("/apple/complete") { request in try completeApple(request) }
        router.post("/apple/notifications") { request in try appleNotification(request) }
        router.post("/account/apple/unlink") { request in try unlinkApple(request) }
        installAppleLinkRoutes(on: &router)
        router.get("/account/delete") { request in try deleteAccountPage(request) }
        router.post("/account/delete") { request in try deleteAccount(request) }
    }

    private func startApple(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        let purpose: AppleSignIn.Purpose = switch (form["purpose"], visitor.account) {
        case ("link", let account?): .link(account.id)
        default: .signIn
        }
        // Adding a way to sign in is a credential change: a recent sign-in of the person's own (finding 13).
        if case .link = purpose, let session = visitor.session, !site.credentialChanges.allows(session) {
            return .redirect(to: CredentialChanges.signInAgainPath)
        }
        let url = try site.apple().signIn.beginWebAuthorization(for: purpose, visitor: visitor.visitorID)
        return .redirect(to: url.absoluteString)
    }

    private func appleCallback(_ request: Request) throws -> Response {
        let apple = try site.apple()
        do {
            let form = Dictionary(try request.form().map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
            let handle = try apple.signIn.acceptWebCallback(form)
            return .redirect(to: "/apple/complete?handle=\(handle)")
        } catch let error as AppleError {
            return appleFailure(error, request: request)
        }
    }

    /// Back on this site with a same-site GET, which carries the visitor cookie again: only the browser that
    /// started the sign-in can finish it.
    private func completeApple(_ request: Request) throws -> Response {
        let apple = try site.apple()
        let visitor = try site.visitor(of: request)
        do {
            let outcome = try apple.signIn.finish(handle: request.query["handle"] ?? "", visitor: visitor.visitorID)
            switch outcome {
            case .signedIn(let accountID, let created):
                if created { site.audit(.signUp, account: accountID, method: .apple, request: request) }
                return try site.signIn(accountID, method: .apple, visitor: visitor, request: request,
                                  then: created ? WelcomePage.path : "/continue")
            case .linked(let accountID):
                try site.credentialChanges.notice(for: accountID).send(.appleLinked, in: visitor.language)
                site.audit(.appleLinked, account: accountID, method: .apple, request: request)
                return .redirect(to: "/account?notice=apple-linked")
            case .accountExists(_, let pendingLink):
                // The owner signs in to that account; `/continue` then asks them (`Pages+AppleLink.swift`). The
                // sign-in page names the address from the waiting link, never from the URL (finding 5).
                var response = Response.redirect(to: "/sign-in?notice=apple-link")
                if let pendingLink { try site.appleLinkCookie.set(pendingLink, on: &response) }
                return response
            }
        } catch let error as AppleError {
            return appleFailure(error, request: request)
        }
    }

    private func appleFailure(_ error: AppleError, request: Request) -> Response {
        let notice = switch error.code {
        case .cancelled: "apple-cancelled"
        case .invalidState: "apple-expired"
        default: "apple-failed"
        }
        if notice == "apple-failed" {
            site.audit(.signIn, outcome: .failed, account: nil, method: .apple, request: request)
            site.logger.warning("Sign in with Apple failed", ["reason": error.description, "request": request.id.description])
        }
        return .redirect(to: "/sign-in?notice=\(notice)")
    }

    /// Apple's server-to-server notification: `{"payload": "<JWS>"}`. Answered quickly; 400 when it does not
    /// verify, so Apple's delivery reports show a misconfiguration.
    private func appleNotification(_ request: Request) throws -> Response {
        let apple = try site.apple()
        guard let payload = JSONValue(parsing: request.body)?["payload"]?.stringValue else {
            throw HTTPError(.badRequest, "The body must be {\"payload\": \"<JWS>\"}.")
        }
        do {
            if let handled = try apple.notifications.handle(payload: payload), let account = handled.accountID {
                // From Apple's servers, not the person's browser: no address or device to keep.
                let kind: AuditEvent.Kind = handled.deletedAccount ? .accountDeleted : .appleNotification
                site.audit(kind, account: account, method: .apple, detail: handled.notification.kind.rawValue, request: nil)
            }
        } catch let error as AppleError {
            site.logger.warning("Apple notification refused", ["reason": error.description])
            throw HTTPError(.badRequest, "The notification did not verify.")
        }
        return .empty(.ok)
    }

    private func unlinkApple(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        guard let session = visitor.session, let account = visitor.account else { return .redirect(to: "/sign-in") }
        guard let notice = try site.credentialChanges.authorize(session) else {
            return .redirect(to: CredentialChanges.signInAgainPath)
        }
        switch try site.apple().revocations.unlink(subject: form["subject"] ?? "", of: account.id) {
        case .deleted:
            notice.send(.appleUnlinked, in: visitor.language)
            site.audit(.appleUnlinked, account: account.id, method: .apple, request: request)
            return .redirect(to: "/account?notice=apple-unlinked")
        case .notFound: throw HTTPError(.notFound, "Sign in with Apple is not linked to this account.")
        case .lastSignInMethod: throw HTTPError(.conflict, "Sign in with Apple is this account's only way to sign in.")
        }
    }

    private func deleteAccountPage(_ request: Request) throws -> Response {
        let visitor = try site.visitor(of: request)
        guard let session = visitor.session else { return .redirect(to: "/sign-in") }
        return try render(for: request, visitor: visitor) {
            DeleteAccountPage.render(in: $0, signedInRecently: site.credentialChanges.allows(session))
        }
    }

    /// Deletes the account with every row about it; Apple tokens are revoked first, or queued to be when
    /// Apple cannot be reached (the deletion itself never waits for Apple), and the OpenID apps it signed in to
    /// are sent back-channel logouts.
    private func deleteAccount(_ request: Request) throws -> Response {
        let (visitor, _) = try site.checkedForm(request)
        guard let session = visitor.session, let account = visitor.account else { return .redirect(to: "/sign-in") }
        // A fresh sign-in of the person's own, as for changing how they sign in: a session left open on a shared
        // computer, or one made for an app, is not enough to erase the account.
        guard site.credentialChanges.allows(session) else { return .redirect(to: "/account/delete") }
        try site.deleteAccount(account.id)
        var response = Response.redirect(to: "/?notice=account-deleted")
        try site.sessionCookie.clear(on: &response)
        return response
    }
}
