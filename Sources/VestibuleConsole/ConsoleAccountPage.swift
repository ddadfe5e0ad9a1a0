import Foundation
import VestibuleCore
import VestibuleCrypto
import VestibuleHTML
import VestibuleLocalization
import VestibulePages

/// One account as an operator sees it: who, how they sign in (each passkey by name, removable; Apple with its
/// relay), where they are signed in, what they gave, their documents (names and sizes, never contents), what
/// happened to them, and the actions.
enum ConsoleAccountPage {
    /// Everything the page shows, read by the route.
    struct Held {
        let account: Account
        let identities: [Identity]
        let passkeys: [PasskeyCredential]
        let apple: [AppleIdentityRecord]
        let sessions: [Session]
        let fields: [FieldValue]
        let documents: [DocumentSummary]
        let events: [AuditEvent]
        /// Whether mail reaches the person (an address, and not a relay Apple stopped forwarding).
        let receivesMail: Bool
    }

    static func render(
        _ held: Held, policy: DataPolicy, notice: String?, appName: (String) -> String, paths: ConsolePath,
        in context: PageContext
    ) -> Page {
        let account = held.account
        let name = account.displayName ?? context.text(.consoleNoName)
        let date = { (value: Date) in AccountPage.format(value, context) }
        let disabled: HTML = account.disabledAt == nil ? "" : " <span class=\"badge\">\(context.text(.consoleDisabledBadge))</span>"
        return Page(
            title: name,
            main: """
            <p><a href="\(paths.root)">\(context.text(.consoleBack))</a></p>
            <h1><bdi>\(name)</bdi>\(disabled)</h1>
            \(NoticePanel.html(notice))
            <dl class="data-list">
            <div><dt>\(context.text(.emailLabel))</dt><dd>\(account.email.map { "<bdi>\($0)</bdi>" as HTML } ?? HTML(text: context.text(.dataNotGiven)))</dd></div>
            <div><dt>\(context.text(.consoleIDLabel))</dt><dd><bdi class="identifier">\(account.id.rawValue)</bdi></dd></div>
            <div><dt>\(context.text(.dataCreatedLabel))</dt><dd>\(date(account.createdAt))</dd></div>
            </dl>
            <h2>\(context.text(.consoleMethodsHeading))</h2>
            \(methods(held, paths: paths, in: context))
            <h2>\(context.text(.consoleSessionsHeading))</h2>
            \(sessions(held.sessions, in: context))
            \(fields(held.fields, policy: policy, in: context))
            \(documents(held.documents, in: context))
            <h2>\(context.text(.consoleEventsHeading))</h2>
            \(ActivityList.list(held.events, appName: appName, in: context))
            <h2>\(context.text(.consoleActionsHeading))</h2>
            <div class="actions">
            \(actions(for: held).map { button($0, account: account, paths: paths, in: context) })
            </div>
            """
        )
    }

    private static func methods(_ held: Held, paths: ConsolePath, in context: PageContext) -> HTML {
        var items: [HTML] = []
        if held.identities.contains(where: { $0.method == .password }) {
            items.append("<li class=\"item\"><p class=\"item-title\">\(context.text(.accountMethodPassword))</p></li>")
        }
        for record in held.apple {
            let address = PersonalDataPage.appleAddress(
                isPrivateEmail: record.isPrivateEmail, email: held.account.email, in: context
            )
            items.append("""
                <li class="item"><p class="item-title">\(context.text(.accountMethodApple))</p>\
                <p class="item-meta">\(address)</p></li>
                """)
        }
        for passkey in held.passkeys {
            let lastUsed: HTML = passkey.lastUsedAt.map {
                "<p class=\"item-meta\">\(context.text(.accountMethodLastUsed, ["date": AccountPage.format($0, context)]))</p>"
            } ?? ""
            items.append("""
                <li class="item"><div class="item-row"><div class="item-details">\
                <p class="item-title">\(context.text(.consolePasskeyNamed, isolating: "name", passkey.name))</p>\(lastUsed)</div>\
                \(button(.removePasskey, account: held.account, passkey: passkey, paths: paths, in: context))</div></li>
                """)
        }
        guard !items.isEmpty else { return "<p>\(context.text(.accountMethodsNone))</p>" }
        return "<ul class=\"item-list\">\(items)</ul>"
    }

    private static func sessions(_ sessions: [Session], in context: PageContext) -> HTML {
        guard !sessions.isEmpty else { return "<p>\(context.text(.consoleNoSessions))</p>" }
        let items = sessions.map { session -> HTML in
            """
            <li class="item">\(AccountPage.sessionSummary(session, in: context))</li>
            """
        }
        return "<ul class=\"item-list\">\(items)</ul>"
    }

    private static func fields(_ values: [FieldValue], policy: DataPolicy, in context: PageContext) -> HTML {
        guard !values.isEmpty else { return "" }
        let rows = policy.ordered(values).map { value -> HTML in
            let label = policy.field(named: value.name)?.label.text(in: context.language.tag) ?? value.name
            return "<div><dt>\(label)</dt><dd><bdi>\(value.value)</bdi></dd></div>"
        }
        return "<h2>\(context.text(.consoleFieldsHeading))</h2><dl class=\"data-list\">\(rows)</dl>"
    }

    private static func documents(_ documents: [DocumentSummary], in context: PageContext) -> HTML {
        guard !documents.isEmpty else { return "" }
        let rows = documents.map { document -> HTML in
            """
            <div><dt><bdi>\(document.name.rawValue)</bdi></dt>\
            <dd>\(context.text(.dataDocumentSize, ["bytes": String(document.size)]))</dd></div>
            """
        }
        return "<h2>\(context.text(.consoleDocumentsHeading))</h2><dl class=\"data-list\">\(rows)</dl>"
    }

    /// The account's actions: turn off or on, whichever it is not; sign out everywhere; delete.
    /// A recovery link needs an address that receives mail.
    private static func actions(for held: Held) -> [ConsoleAction] {
        [held.receivesMail ? .sendRecoveryLink : nil, held.account.disabledAt == nil ? .disable : .enable, .signOutEverywhere, .delete]
            .compactMap { $0 }
    }

    /// The form of `action`: unconfirmed on this page, where it asks for the confirmation page and never acts at
    /// once; confirmed on that page, where it acts.
    static func button(
        _ action: ConsoleAction, account: Account, passkey: PasskeyCredential? = nil, confirmed: Bool = false,
        paths: ConsolePath, in context: PageContext
    ) -> HTML {
        let passkeyField: HTML = passkey.map { "<input type=\"hidden\" name=\"passkey\" value=\"\(Base64URL.encode($0.id))\">" } ?? ""
        let confirmedField: HTML = confirmed ? "<input type=\"hidden\" name=\"confirmed\" value=\"yes\">" : ""
        let style = action.isDestructive ? "button button-danger" : "button"
        return """
        <form method="post" action="\(action.path(account: account.id.rawValue, in: paths))">\(context.csrfField)\(passkeyField)\
        \(confirmedField)<button class="\(style)" type="submit">\(context.text(action.title))</button></form>
        """
    }
}
