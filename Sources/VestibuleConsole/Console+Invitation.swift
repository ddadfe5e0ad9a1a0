import VestibuleCore
import VestibuleHTTP

extension Console {
    /// The one-time link `vestibule operators add` prints for an email no account has yet: opened by the account
    /// that has it since, it makes it an operator. The GET only shows the question; the POST answers it.
    func installInvitationRoutes(on router: inout Router) {
        router.get(paths.invitation) { request in
            let visitor = try site.visitor(of: request)
            return try pages.render(for: request, visitor: visitor) {
                ConsoleInvitationPage.render(
                    token: request.query["token"] ?? "", signedIn: visitor.account != nil, paths: paths, in: $0
                )
            }
        }
        router.post(paths.invitation) { request in
            let (visitor, form) = try site.checkedForm(request)
            guard let account = visitor.account else { return .redirect(to: "/sign-in") }
            let invitations = OperatorInvitations(store: site.services.store, clock: site.clock)
            guard try invitations.accept(form["token"] ?? "", by: account) else {
                return try pages.render(for: request, visitor: visitor, status: .forbidden) {
                    ConsoleInvitationPage.renderRefused(in: $0)
                }
            }
            site.audit(.operatorAdded, account: account.id, request: request)
            return .redirect(to: paths.root)
        }
    }
}
