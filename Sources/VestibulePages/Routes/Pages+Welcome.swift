import VestibuleCore
import VestibuleHTTP
import VestibuleSite

/// The welcome page every sign-up ends on (SIWA-7, SIWA-14): the greeting, where relay mail goes, and the
/// required fields the account lacks, asked once; then on to `/continue`.
extension Pages {
    func installWelcomeRoutes(on router: inout Router) {
        router.get(WelcomePage.path) { request in
            let visitor = try site.visitor(of: request)
            guard let account = visitor.account else { return .redirect(to: "/sign-in") }
            return try welcome(request, visitor: visitor, account: account)
        }
        router.post(WelcomePage.path) { request in try completeWelcome(request) }
    }

    private func welcome(
        _ request: Request, visitor: Visitor, account: Account, status: HTTPStatus = .ok,
        inputs: [String: String] = [:], errors: [String: String] = [:]
    ) throws -> Response {
        let missing = try site.fields.missing(of: account.id)
        let relay = try relay(of: account)
        return try render(for: request, visitor: visitor, status: status) { context in
            WelcomePage.render(in: context, account: account, relay: relay, missing: missing, inputs: inputs, errors: errors)
        }
    }

    /// Stores the required fields given; with one refused, stores none and shows the page again with the refusals.
    private func completeWelcome(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        guard let account = visitor.account else { return .redirect(to: "/sign-in") }
        let submission = try giveFields(try site.fields.missing(of: account.id), from: form, to: account.id, in: visitor.language)
        guard submission.errors.isEmpty else {
            return try welcome(
                request, visitor: visitor, account: account, status: .badRequest, inputs: submission.inputs,
                errors: submission.errors
            )
        }
        return .redirect(to: WelcomePage.continuePath)
    }

    /// Where mail to the account's address goes, when it is an Apple private relay address.
    private func relay(of account: Account) throws -> WelcomePage.Relay? {
        guard let email = account.email,
              let record = try site.services.store.appleIdentities(of: account.id).first(where: \.isPrivateEmail)
        else { return nil }
        return record.forwardingDisabledAt == nil ? .forwarding(to: email) : .off(address: email)
    }
}
