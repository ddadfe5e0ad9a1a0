import VestibuleCore
import VestibuleHTTP
import VestibuleSite

/// The page a recovery link opens (`/recover?token=…`): opening it changes nothing, since mail scanners open
/// links too; adding a passkey (through the passkey API, with the token) or saving a new password uses it up.
extension Pages {
    func installRecoveryRoutes(on router: inout Router) {
        router.get(RecoveryLinks.path) { request in try recoveryPage(request, visitor: try site.visitor(of: request)) }
        router.post(RecoveryLinks.path) { request in try chooseRecoveryPassword(request) }
    }

    /// The page for the link in `request`'s address, or why it no longer works. Never cached: it holds the link.
    private func recoveryPage(
        _ request: Request, visitor: Visitor, status: HTTPStatus = .ok, error: AccountError? = nil
    ) throws -> Response {
        let token = request.query["token"] ?? ""
        var response: Response
        if let accountID = try site.services.recoveryLinks.account(for: token),
           let email = try site.services.store.account(id: accountID)?.email
        {
            let hasPassword = try site.services.passwords.hasPassword(accountID)
            response = try render(for: request, visitor: visitor, status: status) { context in
                RecoveryPage.render(
                    in: context, email: email, token: token,
                    password: hasPassword ? site.services.passwordPolicy : nil,
                    error: error.map { message(for: $0, in: context) }
                )
            }
        } else {
            response = try render(for: request, visitor: visitor, status: .notFound) { RecoveryPage.renderUnusable(in: $0) }
        }
        response.headers.replace("Cache-Control", "no-store")
        return response
    }

    /// A new password for an account that has one. The password is checked before the link is used up, so a weak
    /// one costs nothing.
    private func chooseRecoveryPassword(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        let token = request.query["token"] ?? ""
        let links = site.services.recoveryLinks
        guard let accountID = try links.account(for: token) else { return try recoveryPage(request, visitor: visitor) }
        let password = form["password"] ?? ""
        do {
            try site.services.passwords.checkReplacement(password, for: accountID)
        } catch let error as AccountError {
            return try recoveryPage(request, visitor: visitor, status: .badRequest, error: error)
        }
        guard try links.redeem(token) == accountID else { return try recoveryPage(request, visitor: visitor) }
        try site.services.passwords.replaceForgottenPassword(of: accountID, with: password)
        try site.recovered(accountID, adding: .password, request: request, in: visitor.language)
        return .redirect(to: "/sign-in?notice=recovered")
    }
}
