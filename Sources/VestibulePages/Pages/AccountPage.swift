package import Foundation
package import VestibuleCore
package import VestibuleHTML
package import VestibuleLocalization
import VestibuleSite

/// The account page: how you sign in (SIWA-8) with Apple's relay status (SIWA-12), your passkeys, every
/// device you are signed in on, each revocable, the data policy's fields (required ones still missing, optional
/// ones offered with their benefit, SIWA-13), and the way to delete the account. `apple` is `nil` when
/// Sign in with Apple is not set up.
package enum AccountPage {
    /// The two sections of fields, as their forms name them in ``sectionField``.
    enum Section: String {
        /// Required fields the account lacks.
        case missing
        /// Optional fields not given yet.
        case offered
    }

    static let sectionField = "section"

    /// "Recent activity": the latest events, how long they are kept, and the names of the apps they mention.
    struct Activity {
        var events: [AuditEvent] = []
        var retentionDays = 90
        var appName: (String) -> String = { $0 }
    }

    /// The data policy's part of the page.
    struct Fields {
        /// Required fields the account lacks.
        var missing: [DataField] = []
        /// Optional fields not given yet.
        var offered: [DataField] = []
        /// What a refused form sent, by field name, to show again with the refusals.
        var inputs: [String: String] = [:]
        var errors: [String: String] = [:]
    }

    static func render(
        in context: PageContext,
        identities: [Identity],
        passkeys: [PasskeyCredential],
        apple: [AppleIdentityRecord]? = nil,
        sessions: [Session],
        currentSession: SessionID,
        handedOverBy: String? = nil,
        fields: Fields = Fields(),
        activity: Activity = Activity(),
        console: String? = nil,
        notice: String? = nil
    ) -> Page {
        let noticeHTML = NoticePanel.html(notice)
        let missing = fieldSection(
            .missing, fields.missing, heading: .accountFieldsMissingHeading, lead: .accountFieldsMissingLead, fields, in: context
        )
        let offered = fieldSection(
            .offered, fields.offered, heading: .accountFieldsOptionalHeading, lead: .accountFieldsOptionalLead, fields, in: context
        )
        let changePassword: HTML = identities.contains { $0.method == .password }
            ? "<p><a href=\"/account/password\">\(context.text(.accountChangePassword))</a></p>"
            : HTML(text: "")
        return Page(
            title: context.text(.accountTitle),
            main: """
            <h1>\(context.text(.accountTitle))</h1>
            \(noticeHTML)
            \(about(handedOverBy: handedOverBy, in: context))
            \(missing)
            <h2>\(context.text(.accountMethodsHeading))</h2>
            \(methods(identities, in: context))
            \(changePassword)
            \(apple.map { AppleSection.account($0, email: context.account?.email, canUnlink: identities.count > 1, in: context) } ?? HTML(text: ""))
            \(PasskeyList.render(passkeys, canDeleteEach: identities.count > 1, in: context))
            <h2>\(context.text(.accountSessionsHeading))</h2>
            <p>\(context.text(.accountSessionsLead))</p>
            <ul class="item-list">
            \(sessions.map { row(for: $0, isCurrent: $0.id == currentSession, in: context) })
            </ul>
            \(ActivityList.accountSection(activity.events, retentionDays: activity.retentionDays, appName: activity.appName, in: context))
            \(offered)
            \(console.map { "<p><a href=\"\($0)\" data-console>\(context.text(.consoleTitle))</a></p>" as HTML } ?? "")
            <p><a href="/account/data">\(context.text(.accountDataLink))</a></p>
            <p><a href="/account/delete">\(context.text(.accountDeleteHeading))</a></p>
            """
        )
    }

    /// Who is signed in: the name they are greeted by (which they can set or change here, since a password
    /// sign-up never asks for one) and their email address, or the one an app handed over, unconfirmed.
    private static func about(handedOverBy: String?, in context: PageContext) -> HTML {
        guard let account = context.account else { return HTML(text: "") }
        let email: HTML = if let address = account.email {
            "<bdi>\(address)</bdi>"
        } else if let handedOver = account.handedOverEmail {
            """
            <bdi>\(handedOver.address)</bdi><span class="value-note" data-handed-over>\
            \(context.text(.dataHandedOverNote, ["app": handedOverBy ?? handedOver.appID]))</span>
            """
        } else {
            HTML(text: context.text(.dataNotGiven))
        }
        let nameField = FormField.personName(
            context.text(.signUpNameLabel), value: account.displayName ?? ""
        )
        return """
        <section class="card" aria-labelledby="about-heading" data-about>
        <h2 id="about-heading">\(context.text(.accountAboutHeading))</h2>
        <dl class="data-list"><div><dt>\(context.text(.emailLabel))</dt><dd>\(email)</dd></div></dl>
        <form class="stacked-form" method="post" action="/account/name">\(context.csrfField)
        \(nameField.html)
        <button class="button button-secondary" type="submit">\(context.text(.accountNameSave))</button>
        </form>
        </section>
        """
    }

    /// A heading, its lead and one form with a control for each of `asked`; nothing when there are none.
    private static func fieldSection(
        _ section: Section, _ asked: [DataField], heading: TextKey, lead: TextKey, _ fields: Fields, in context: PageContext
    ) -> HTML {
        guard !asked.isEmpty else { return HTML(text: "") }
        let controls = asked.map { field in
            FieldControl.html(field, value: fields.inputs[field.name] ?? "", error: fields.errors[field.name], in: context)
        }
        return """
        <section data-fields="\(section.rawValue)">
        <h2>\(context.text(heading))</h2>
        <p>\(context.text(lead))</p>
        <form class="stacked-form" method="post" action="/account/fields">\(context.csrfField)\
        <input type="hidden" name="\(sectionField)" value="\(section.rawValue)">
        \(controls)
        <button class="button" type="submit">\(context.text(.accountFieldsSave))</button>
        </form>
        </section>
        """
    }

    /// Each method once, with when it was last used; several passkeys are one method here (the passkey list
    /// below tells them apart).
    private static func methods(_ identities: [Identity], in context: PageContext) -> HTML {
        guard !identities.isEmpty else { return "<p>\(context.text(.accountMethodsNone))</p>" }
        let items = identities.methods.map { method -> HTML in
            let lastUsed = identities.filter { $0.method == method }.compactMap(\.lastUsedAt).max().map {
                HTML("<p class=\"item-meta\">\(context.text(.accountMethodLastUsed, ["date": format($0, context)]))</p>")
            } ?? HTML(text: "")
            return """
            <li class="item"><p class="item-title">\(context.text(title(of: method)))</p>\(lastUsed)</li>
            """
        }
        return "<ul class=\"item-list\">\(items)</ul>"
    }

    package static func title(of method: SignInMethod) -> TextKey {
        switch method {
        case .apple: .accountMethodApple
        case .passkey: .accountMethodPasskey
        case .password: .accountMethodPassword
        }
    }

    private static func row(for session: Session, isCurrent: Bool, in context: PageContext) -> HTML {
        let badge: HTML = isCurrent ? " <span class=\"badge\">\(context.text(.accountSessionThisDevice))</span>" : ""
        return """
        <li class="item"><div class="item-row">
        <div class="item-details">
        \(sessionSummary(session, badge: badge, in: context))
        </div>
        <form method="post" action="/account/sessions/\(session.id.rawValue)/revoke">\(context.csrfField)\
        <button class="button button-danger" type="submit">\(context.text(.accountSessionRevoke))</button></form>
        </div></li>
        """
    }

    /// A session as people read it: the device, then when it signed in and was last active; the account page and
    /// the console show it alike.
    package static func sessionSummary(_ session: Session, badge: HTML = "", in context: PageContext) -> HTML {
        """
        <p class="item-title"><bdi>\(context.deviceName(userAgent: session.userAgent))</bdi>\(badge)</p>
        <p class="item-meta">\(context.text(.accountSessionSignedIn, ["date": format(session.createdAt, context)]))</p>
        <p class="item-meta">\(context.text(.accountSessionLastActive, ["date": format(session.lastSeenAt, context)]))</p>
        """
    }

    package static func format(_ date: Date, _ context: PageContext) -> String {
        date.formatted(
            Date.FormatStyle(date: .abbreviated, time: .shortened, locale: Locale(identifier: context.language.tag))
        )
    }
}
