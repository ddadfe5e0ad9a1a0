import VestibuleApple
import VestibuleCore
import VestibuleHTTP
import VestibuleSite

/// Adding a Sign in with Apple whose email matched a password account (SIWA-5), after its owner signed in:
/// `/continue` sends them to ``AppleLinkPage``, whose POST adds it. The link waits server-side, bound to the
/// browser that signed in with Apple and to that account, and is used once (issue #13, finding 2): a handle
/// planted in another browser, shown to another account, expired or used adds nothing.
extension Pages {
    func installAppleLinkRoutes(on router: inout Router) {
        router.get(AppleLinkPage.path) { request in try appleLinkQuestion(request) }
        router.post(AppleLinkPage.path) { request in try answerAppleLink(request) }
    }

    /// The handle and email of the Apple ID waiting in this browser for its signed-in account, if one does.
    func waitingAppleLink(_ request: Request, visitor: Visitor) throws -> (handle: String, email: String)? {
        guard let apple = site.services.apple, let account = visitor.account,
              let handle = site.appleLinkCookie.value(in: request),
              let email = try apple.signIn.pendingLinkEmail(handle: handle, visitor: visitor.visitorID, account: account.id)
        else { return nil }
        return (handle, email)
    }

    private func appleLinkQuestion(_ request: Request) throws -> Response {
        let visitor = try site.visitor(of: request)
        guard let account = visitor.account else { return .redirect(to: "/sign-in") }
        guard let waiting = try waitingAppleLink(request, visitor: visitor) else { return try leaveAppleLink() }
        return try render(for: request, visitor: visitor) {
            AppleLinkPage.render(in: $0, appleEmail: waiting.email, account: account)
        }
    }

    /// "Add" adds the waiting Apple ID to the signed-in account, if it waits for this browser and this account;
    /// anything else discards it.
    private func answerAppleLink(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        guard let account = visitor.account, let session = visitor.session else { return .redirect(to: "/sign-in") }
        guard let handle = site.appleLinkCookie.value(in: request) else { return try leaveAppleLink() }
        let signIn = try site.apple().signIn
        // The sign-in that proved the account is minutes old; a session an app holds never adds a way in.
        guard form["decision"] == "link", let notice = try site.credentialChanges.authorize(session) else {
            try signIn.discardPendingLink(handle: handle)
            return try leaveAppleLink()
        }
        do {
            guard try signIn.confirmPendingLink(handle: handle, visitor: visitor.visitorID, account: account.id) != nil else {
                return try leaveAppleLink()
            }
            notice.send(.appleLinked, in: visitor.language)
            site.audit(.appleLinked, account: account.id, method: .apple, request: request)
        } catch let error as AppleError {
            // Linked meanwhile to another account: the link is gone, and the account page says it did not work.
            site.logger.info("a waiting Sign in with Apple was not added", ["reason": error.description])
            return try leaveAppleLink(to: "/account?notice=apple-failed")
        }
        return try leaveAppleLink(to: site.hasPendingHandoff(request) ? "/continue" : "/account?notice=apple-linked")
    }

    /// On to `location` (by default where the sign-in was going), without the cookie.
    private func leaveAppleLink(to location: String = "/continue") throws -> Response {
        var response = Response.redirect(to: location)
        try site.appleLinkCookie.clear(on: &response)
        return response
    }
}
