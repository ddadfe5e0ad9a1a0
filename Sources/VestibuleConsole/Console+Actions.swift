import VestibuleCore
import VestibuleCrypto
import VestibuleHTTP

extension Console {
    func installActionRoutes(on router: inout Router) {
        for action in ConsoleAction.allCases {
            router.post(action.path(account: ":id", in: paths)) { request in try act(action, request) }
        }
    }

    /// The first POST shows what `action` will do and asks to confirm; the second (`confirmed=yes`) does it.
    private func act(_ action: ConsoleAction, _ request: Request) throws -> Response {
        try asOperator(request) { visitor, session in
            try site.csrf.check(request, binding: visitor.csrfBinding)
            let form = try request.form()
            let store = site.services.store
            guard let account = try store.account(id: AccountID(rawValue: request.pathParameters["id"] ?? "")) else {
                throw HTTPError(.notFound, "No such account.")
            }
            var passkey: PasskeyCredential?
            if action == .removePasskey {
                let id = try? Base64URL.decode(form["passkey"] ?? "")
                passkey = try store.passkeys(of: account.id).first { $0.id == id }
                guard passkey != nil else { throw HTTPError(.notFound, "No such passkey on this account.") }
            }
            guard form["confirmed"] == "yes" else {
                return try pages.render(for: request, visitor: visitor) {
                    ConsoleConfirmPage.render(action, account: account, passkey: passkey, paths: paths, in: $0)
                }
            }
            let operatorID = session.accountID
            switch action {
            case .disable:
                try store.setAccountDisabled(id: account.id, at: site.clock())
                try site.signOutEverywhere(account.id, except: nil, request: request, by: operatorID, recordedAs: .accountDisabled)
            case .enable:
                try store.setAccountDisabled(id: account.id, at: nil)
                site.audit(.accountEnabled, account: account.id, request: request, by: operatorID)
            case .signOutEverywhere:
                try site.signOutEverywhere(account.id, except: nil, request: request, by: operatorID)
            case .removePasskey:
                guard let passkey else { break }
                let notice = try site.credentialChanges.notice(for: account.id)
                switch try store.deletePasskey(id: passkey.id, of: account.id) {
                case .deleted:
                    notice.send(.passkeyRemoved(name: passkey.name), in: visitor.language)
                    site.audit(.passkeyRemoved, account: account.id, method: .passkey, detail: passkey.name, request: request, by: operatorID)
                case .notFound: throw HTTPError(.notFound, "No such passkey on this account.")
                case .lastSignInMethod: throw HTTPError(.conflict, "This passkey is the account's only way to sign in.")
                }
            case .sendRecoveryLink:
                guard let email = try site.credentialChanges.mailbox(of: account.id) else {
                    throw HTTPError(.conflict, "This account has no address that receives mail.")
                }
                site.mail.sendRecoveryLink(try site.services.recoveryLinks.create(for: account.id), to: email, in: visitor.language)
                site.audit(.recoveryLinkSent, account: account.id, request: request, by: operatorID)
                return .redirect(to: paths.account(account.id.rawValue) + "?notice=recovery-link-sent")
            case .delete:
                try site.deleteAccount(account.id, by: operatorID)
                return .redirect(to: paths.root + "?notice=deleted")
            }
            return .redirect(to: paths.account(account.id.rawValue) + "?notice=done")
        }
    }
}
