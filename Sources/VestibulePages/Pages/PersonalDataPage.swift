import Foundation
import VestibuleCore
package import VestibuleHTML
import VestibuleLocalization

/// "Your data" (SIWA-14): every item Vestibule holds about the person, section by section, each section saying
/// where its items came from and why they are kept, and every value under a label of its own; the values given
/// for the data policy's fields, each with its own reason or benefit and the date it was given (optional ones
/// removable); then the JSON export of the same ``PersonalData`` and the way to delete the account.
package enum PersonalDataPage {
    /// One labelled value of an item: "Last used: 2 Dec 2026".
    typealias Pair = (label: String, value: HTML)

    static func render(_ data: PersonalData, retentionDays: Int, appName: (String) -> String, in context: PageContext) -> Page {
        let date = { (value: Date?) -> HTML in HTML(text: value.map { AccountPage.format($0, context) } ?? context.text(.dataNever)) }
        let given = { (value: String?) -> HTML in value.map { "<bdi>\($0)</bdi>" } ?? HTML(text: context.text(.dataNotGiven)) }
        let account = section(
            context.text(.dataAccountHeading), why: context.text(.dataAccountWhy),
            [
                (nil, [
                    (context.text(.dataNameLabel), given(data.account.displayName)),
                    (context.text(.emailLabel), email(data.account, appName: appName, in: context)),
                    (context.text(.dataCreatedLabel), date(data.account.createdAt)),
                ]),
            ]
        )
        let methods = section(
            context.text(.accountMethodsHeading), why: context.text(.dataMethodsWhy),
            data.signInMethods.map { method in
                let kind = SignInMethod(rawValue: method.method)
                let subjectLabel: TextKey = switch kind {
                case .password: .emailLabel
                case .apple: .dataAppleIDLabel
                case .passkey, nil: .dataPasskeyIDLabel
                }
                let subject: HTML = kind == .password
                    ? "<bdi>\(method.subject)</bdi>" : "<bdi class=\"identifier\">\(method.subject)</bdi>"
                return (
                    kind.map { context.text(AccountPage.title(of: $0)) } ?? method.method,
                    [
                        (context.text(subjectLabel), subject),
                        (context.text(.dataAddedLabel), date(method.createdAt)),
                        (context.text(.dataLastUsedLabel), date(method.lastUsedAt)),
                    ]
                )
            }
        )
        let passkeys = data.passkeys.isEmpty ? HTML(text: "") : section(
            context.text(.accountPasskeysHeading), why: context.text(.dataPasskeysWhy),
            data.passkeys.map {
                (
                    $0.name,
                    [
                        (context.text(.dataKeptLabel), HTML(text: context.text($0.synced ? .accountPasskeySynced : .accountPasskeyDeviceBound))),
                        (context.text(.dataAddedLabel), date($0.createdAt)),
                        (context.text(.dataLastUsedLabel), date($0.lastUsedAt)),
                    ]
                )
            }
        )
        let apple = data.apple.isEmpty ? HTML(text: "") : section(
            context.text(.accountMethodApple), why: context.text(.dataAppleWhy),
            data.apple.map { record in
                (
                    nil,
                    [
                        (context.text(.dataAppleServiceLabel), "<bdi>\(record.clientID)</bdi>" as HTML),
                        (context.text(.dataAppleAddressLabel),
                         appleAddress(isPrivateEmail: record.isPrivateEmail, email: data.account.email, in: context)),
                    ]
                )
            }
        )
        let sessions = section(
            context.text(.accountSessionsHeading), why: context.text(.dataSessionsWhy),
            data.sessions.map { session in
                (
                    context.deviceName(userAgent: session.device),
                    [
                        (context.text(.dataSignedInLabel), date(session.createdAt)),
                        (context.text(.dataLastActiveLabel), date(session.lastSeenAt)),
                        (context.text(.dataBrowserSentLabel), HTML("<bdi class=\"identifier\">\(session.device)</bdi>")),
                    ]
                )
            }
        )
        let documents = data.documents.isEmpty ? HTML(text: "") : section(
            context.text(.dataDocumentsHeading), why: context.text(.dataDocumentsWhy),
            data.documents.map {
                (
                    $0.name,
                    [
                        (context.text(.dataSizeLabel), HTML(text: context.text(.dataDocumentSize, ["bytes": String($0.size)]))),
                        (context.text(.dataUpdatedLabel), date($0.updatedAt)),
                    ]
                )
            }
        )
        let fields = data.fields.isEmpty ? HTML(text: "") : fieldSection(data.fields, in: context)
        let apps = data.apps.isEmpty ? HTML(text: "") : appsSection(data.apps, appName: appName, date: date, in: context)
        let activity: HTML = """
            <section class="data-section" data-activity><h2>\(context.text(.activityHeading))</h2>\
            <p class="muted">\(context.text(.activityWhy, ["days": String(retentionDays)]))</p>\
            \(ActivityList.list(data.activity, appName: appName, in: context))</section>
            """
        return Page(
            title: context.text(.dataTitle),
            main: """
            <h1>\(context.text(.dataTitle))</h1>
            <p class="lead">\(context.text(.dataLead))</p>
            \(account)\(fields)\(methods)\(passkeys)\(apple)\(sessions)\(activity)\(apps)\(documents)
            <p><a href="/account/data.json" download>\(context.text(.dataDownload))</a></p>
            <p><a href="/account/delete">\(context.text(.accountDeleteHeading))</a></p>
            """
        )
    }

    /// Which address Sign in with Apple shared: a private relay address (named) or the person's own.
    package static func appleAddress(isPrivateEmail: Bool, email: String?, in context: PageContext) -> HTML {
        isPrivateEmail
            ? context.text(.dataAppleRelay, isolating: "email", email ?? "") : HTML(text: context.text(.dataAppleOwnAddress))
    }

    /// The account's own address; without one, the address an app handed over at sign-up, saying which app
    /// gave it and that it is not confirmed.
    static func email(_ account: PersonalData.AccountData, appName: (String) -> String, in context: PageContext) -> HTML {
        if let email = account.email { return "<bdi>\(email)</bdi>" }
        guard let handedOver = account.handedOverEmail else { return HTML(text: context.text(.dataNotGiven)) }
        let app = appName(account.handedOverBy ?? "")
        return """
        <bdi>\(handedOver)</bdi><span class="value-note" data-handed-over>\(context.text(.dataHandedOverNote, ["app": app]))</span>
        """
    }

    /// The values the person gave: each with why it is asked and when they gave it; optional ones (and those no
    /// longer asked) with a button that removes them.
    private static func fieldSection(_ fields: [PersonalData.FieldData], in context: PageContext) -> HTML {
        let rows = HTML.join(fields.map { field -> HTML in
            let value: HTML = switch DataField.Kind(rawValue: field.kind ?? "") {
            case .consent: context.text(.dataFieldAccepted, isolating: "terms", field.value)
            case .country: "<bdi>\(countryName(field.value, in: context))</bdi>"
            default: "<bdi>\(field.value)</bdi>"
            }
            let remove: HTML = field.required == true ? HTML(text: "") : """
                <form method="post" action="/account/fields/\(field.name)/delete">\(context.csrfField)\
                <button class="button button-secondary" type="submit">\(context.text(.dataFieldRemove))</button></form>
                """
            return """
            <dt>\(field.label)</dt><dd>\(value)\
            <p class="item-meta">\(field.why ?? context.text(.dataFieldNoLongerAsked))</p>\
            <p class="item-meta">\(context.text(.dataFieldGiven, ["date": AccountPage.format(field.givenAt, context)]))</p>\
            \(remove)</dd>
            """
        })
        return """
        <section class="data-section" data-fields><h2>\(context.text(.dataFieldsHeading))</h2>\
        <p class="muted">\(context.text(.dataFieldsWhy))</p><dl class="data-list">\(rows)</dl></section>
        """
    }

    /// The apps the person signs in to through OpenID Connect: what each receives, since when, and a button that
    /// stops it.
    private static func appsSection(
        _ apps: [PersonalData.AppAccessData], appName: (String) -> String, date: (Date?) -> HTML, in context: PageContext
    ) -> HTML {
        let items = HTML.join(apps.map { access -> HTML in
            let name = appName(access.appID)
            let received = HTML.join(
                ConsentPage.receivedItems(access.scopes.compactMap(OpenIDScope.init(rawValue:))).map { "<li>\(context.text($0))</li>" }
            )
            return """
            <div class="data-item" data-app="\(access.appID)"><h3 class="data-item-title"><bdi>\(name)</bdi></h3>\
            <dl class="data-list"><div><dt>\(context.text(.dataAppReceivesLabel))</dt><dd><ul class="consent-list">\(received)</ul></dd></div>\
            <div><dt>\(context.text(.dataAppAllowedLabel))</dt><dd>\(date(access.allowedAt))</dd></div></dl>\
            <form method="post" action="/account/apps/\(access.appID)/stop">\(context.csrfField)\
            <button class="button button-secondary" type="submit">\(context.text(.dataAppStop, isolating: "app", name))</button>\
            </form></div>
            """
        })
        return """
        <section class="data-section" data-apps><h2>\(context.text(.dataAppsHeading))</h2>\
        <p class="muted">\(context.text(.dataAppsWhy))</p>\(items)</section>
        """
    }

    /// A region code with the region's name in the reader's language: `日本 (JP)`.
    private static func countryName(_ code: String, in context: PageContext) -> String {
        guard let name = Locale(identifier: context.language.tag).localizedString(forRegionCode: code) else { return code }
        return "\(name) (\(code))"
    }

    /// A heading, why its items are held, and the items: each a title (none when the section holds one item
    /// about the section's subject) over its labelled values, so no value stands without saying what it is.
    private static func section(_ heading: String, why: String, _ items: [(title: String?, pairs: [Pair])]) -> HTML {
        let rendered = HTML.join(items.map { title, pairs -> HTML in
            let titleHTML: HTML = title.map { "<h3 class=\"data-item-title\"><bdi>\($0)</bdi></h3>" } ?? HTML(text: "")
            let rows = HTML.join(pairs.map { label, value -> HTML in "<div><dt>\(label)</dt><dd>\(value)</dd></div>" })
            return "<div class=\"data-item\">\(titleHTML)<dl class=\"data-list\">\(rows)</dl></div>"
        })
        return """
        <section class="data-section"><h2>\(heading)</h2><p class="muted">\(why)</p>\(rendered)</section>
        """
    }
}
