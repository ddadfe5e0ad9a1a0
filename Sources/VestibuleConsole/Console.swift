public import VestibuleHTTP
import VestibuleCore
public import VestibulePages
public import VestibuleSite

/// The operator console (issue #16): find an account, see how it signs in, where, what it gave and what happened
/// to it, and act on it (turn it off or on, sign it out everywhere, remove a passkey, delete it), each action
/// confirmed and recorded in the audit trail with the operator who took it. Handlers live in `Console+<Area>.swift`.
///
/// Only operators (``OperatorAccess``) reach it, with a sign-in by passkey or Apple from the last minutes; to
/// anyone else it does not exist (404).
public struct Console: Sendable {
    let site: Site
    let pages: Pages
    let access: OperatorAccess
    let paths: ConsolePath

    public init(site: Site, pages: Pages) {
        self.site = site
        self.pages = pages
        paths = ConsolePath(root: site.configuration.consolePath)
        access = OperatorAccess(store: site.services.store, clock: site.clock)
    }

    public func install(on router: inout Router) {
        installSearchRoutes(on: &router)
        installAccountRoutes(on: &router)
        installActionRoutes(on: &router)
        installInvitationRoutes(on: &router)
    }

    /// Runs `body` for an operator allowed in now; anyone else gets the page asking an operator to sign in again,
    /// or 404.
    func asOperator(_ request: Request, _ body: (Visitor, Session) throws -> Response) throws -> Response {
        let visitor = try site.visitor(of: request)
        switch try access.verdict(for: visitor.session) {
        case .allowed:
            guard let session = visitor.session else { throw HTTPError(.notFound, "No such page.") }
            return try body(visitor, session)
        case .signInAgain:
            return try pages.render(for: request, visitor: visitor, status: .forbidden) { ConsoleSignInAgainPage.render(in: $0) }
        case .notAnOperator:
            throw HTTPError(.notFound, "No such page.")
        }
    }
}
