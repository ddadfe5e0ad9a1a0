import VestibuleCore
import VestibuleCrypto
import VestibuleHTML
import VestibuleSite

/// The account page's passkeys: each with its name, whether it syncs, when it was added and last used, and a
/// warning when its counter suggested a copy; rename and delete forms; and the button to add one (AUTH-7).
/// The last way to sign in has no delete button, and says why.
enum PasskeyList {
    static func render(_ passkeys: [PasskeyCredential], canDeleteEach: Bool, in context: PageContext) -> HTML {
        let list: HTML = passkeys.isEmpty
            ? "<p>\(context.text(.accountPasskeysNone))</p>"
            : "<ul class=\"item-list\">\(passkeys.map { row(for: $0, canDelete: canDeleteEach, in: context) })</ul>"
        return """
        <h2>\(context.text(.accountPasskeysHeading))</h2>
        <p>\(context.text(.accountPasskeysLead))</p>
        \(list)
        \(PasskeyControl.button(.register, label: context.text(.passkeyOfferAdd), in: context))
        """
    }

    private static func row(for passkey: PasskeyCredential, canDelete: Bool, in context: PageContext) -> HTML {
        let id = Base64URL.encode(passkey.id)
        let date = { AccountPage.format($0, context) }
        var meta: [HTML] = [
            "<p class=\"item-meta\">\(context.text(passkey.backedUp ? .accountPasskeySynced : .accountPasskeyDeviceBound))</p>",
            "<p class=\"item-meta\">\(context.text(.accountPasskeyCreated, ["date": date(passkey.createdAt)]))</p>",
        ]
        if let lastUsed = passkey.lastUsedAt {
            meta.append("<p class=\"item-meta\">\(context.text(.accountMethodLastUsed, ["date": date(lastUsed)]))</p>")
        }
        if let warning = passkey.cloneWarningAt {
            meta.append("<p class=\"form-error\" data-clone-warning>\(context.text(.accountPasskeyCloneWarning, ["date": date(warning)]))</p>")
        }
        let delete: HTML = canDelete
            ? """
            <form method="post" action="/account/passkeys/\(id)/delete">\(context.csrfField)\
            <button class="button button-danger" type="submit">\(context.text(.accountPasskeyDelete))</button></form>
            """
            : "<p class=\"item-meta\">\(context.text(.accountPasskeyLastMethod))</p>"
        var nameField = FormField(name: "name", label: context.text(.accountPasskeyNameLabel), type: "text", autocomplete: "off")
        nameField.value = passkey.name
        nameField.maximumLength = PasskeyNames.maximumLength
        nameField.autocapitalize = "sentences"
        return """
        <li class="item" data-passkey-item><div class="item-row">
        <div class="item-details">
        <p class="item-title"><bdi>\(passkey.name)</bdi></p>
        \(HTML.join(meta))
        </div>
        <div class="item-actions">
        <form class="stacked-form" method="post" action="/account/passkeys/\(id)/rename">\(context.csrfField)
        \(nameField.html)
        <button class="button button-secondary" type="submit">\(context.text(.accountPasskeyRename))</button></form>
        \(delete)
        </div>
        </div></li>
        """
    }
}
