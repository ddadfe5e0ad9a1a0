import Foundation
import VestibuleCore
import VestibuleHTML

/// "Your data" (SIWA-14): every item Vestibule holds about the person, section by section, each section saying
/// where its items came from and why they are kept; the values given for the data policy's fields, each with its
/// own reason or benefit and the date it was given (optional ones removable); then the JSON export of the same
/// ``PersonalData`` and the way to delete the account.
enum PersonalDataPage {
    static func render(_ data: PersonalData, in context: PageContext) -> Page {
        let date = { (value: Date?) -> String in value.map { AccountPage.format($0, context) } ?? "—" }
        let given = { (value: String?) -> String in value ?? context.text(.dataNotGiven) }
        let account = section(
            context.text(.dataAccountHeading), why: context.text(.dataAccountWhy),
            [
                (context.text(.dataNameLabel), given(data.account.displayName)),
                (context.text(.emailLabel), given(data.account.email)),
                (context.text(.dataCreatedLabel), date(data.account.createdAt)),
            ]
        )
        let methods = section(
            context.text(.accountMethodsHeading), why: context.text(.dataMethodsWhy),
            data.signInMethods.map { ($0.method, "\($0.subject) · \(date($0.createdAt)) · \(date($0.lastUsedAt))") }
        )
        let passkeys = data.passkeys.isEmpty ? HTML(text: "") : section(
            context.text(.accountPasskeysHeading), why: context.text(.dataPasskeysWhy),
            data.passkeys.map {
                ($0.name, "\(context.text($0.synced ? .accountPasskeySynced : .accountPasskeyDeviceBound)) · "
                    + "\(date($0.createdAt)) · \(date($0.lastUsedAt))")
            }
        )
        let apple = data.apple.isEmpty ? HTML(text: "") : section(
            context.text(.accountMethodApple), why: context.text(.dataAppleWhy),
            data.apple.map { ($0.clientID, $0.isPrivateEmail ? given(data.account.email) : "—") }
        )
        let sessions = section(
            context.text(.accountSessionsHeading), why: context.text(.dataSessionsWhy),
            data.sessions.map { ($0.device.isEmpty ? context.text(.accountSessionUnknownDevice) : $0.device, "\(date($0.createdAt)) · \(date($0.lastSeenAt))") }
        )
        let documents = data.documents.isEmpty ? HTML(text: "") : section(
            context.text(.dataDocumentsHeading), why: context.text(.dataDocumentsWhy),
            data.documents.map {
                ($0.name, "\(context.text(.dataDocumentSize, ["bytes": String($0.size)])) · \(date($0.updatedAt))")
            }
        )
        let fields = data.fields.isEmpty ? HTML(text: "") : fieldSection(data.fields, in: context)
        return Page(
            title: context.text(.dataTitle),
            main: """
            <h1>\(context.text(.dataTitle))</h1>
            <p class="lead">\(context.text(.dataLead))</p>
            \(account)\(fields)\(methods)\(passkeys)\(apple)\(sessions)\(documents)
            <p><a href="/account/data.json" download>\(context.text(.dataDownload))</a></p>
            <p><a href="/account/delete">\(context.text(.accountDeleteHeading))</a></p>
            """
        )
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

    /// A region code with the region's name in the reader's language: `日本 (JP)`.
    private static func countryName(_ code: String, in context: PageContext) -> String {
        guard let name = Locale(identifier: context.language.tag).localizedString(forRegionCode: code) else { return code }
        return "\(name) (\(code))"
    }

    /// A heading, why its items are held, and the items as a description list (values isolated with `bdi`,
    /// since addresses and identifiers keep their own direction in Arabic).
    private static func section(_ heading: String, why: String, _ items: [(String, String)]) -> HTML {
        let rows = HTML.join(items.map { label, value -> HTML in "<dt>\(label)</dt><dd><bdi>\(value)</bdi></dd>" })
        return """
        <section class="data-section"><h2>\(heading)</h2><p class="muted">\(why)</p><dl class="data-list">\(rows)</dl></section>
        """
    }
}
