import VestibuleCore
import VestibuleHTTP

extension Console {
    /// The most events an account's console page lists.
    static let eventLimit = 50

    func installAccountRoutes(on router: inout Router) {
        router.get(paths.account(":id")) { request in
            try asOperator(request) { visitor, _ in
                let store = site.services.store
                guard let account = try store.account(id: AccountID(rawValue: request.pathParameters["id"] ?? "")) else {
                    throw HTTPError(.notFound, "No such account.")
                }
                let held = ConsoleAccountPage.Held(
                    account: account,
                    identities: try store.identities(of: account.id),
                    passkeys: try store.passkeys(of: account.id),
                    apple: try store.appleIdentities(of: account.id),
                    sessions: try store.sessions(of: account.id),
                    fields: try store.accountFields(of: account.id),
                    documents: try store.documents(of: .account(account.id)),
                    events: try store.auditEvents(of: account.id, since: nil, limit: Self.eventLimit),
                    receivesMail: try site.credentialChanges.mailbox(of: account.id) != nil
                )
                return try pages.render(for: request, visitor: visitor) { context in
                    let notice: String? = switch request.query["notice"] {
                    case "done": context.text(.consoleDone)
                    case "recovery-link-sent": context.text(.consoleRecoveryLinkSent)
                    default: nil
                    }
                    return ConsoleAccountPage.render(
                        held, policy: site.fields.policy, notice: notice,
                        appName: { site.configuration.apps.app(id: $0)?.name ?? $0 }, paths: paths, in: context
                    )
                }
            }
        }
    }
}
