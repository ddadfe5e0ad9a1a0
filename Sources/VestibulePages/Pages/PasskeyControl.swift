import VestibuleHTML
/// The markup `passkeys.js` drives: a button (or the sign-up form) rendered `hidden` and shown by the script
/// only where the browser has WebAuthn, so no page shows a button that cannot work. Every button names its
/// method (AUTH-10) and says "passkey", never Face ID or Touch ID: a web page cannot know which one the
/// device has (AUTH-11).
enum PasskeyControl {
    enum Kind: String {
        /// Sign in with any of this site's passkeys; also starts AutoFill on the page's username field.
        case signIn = "sign-in"
        /// Create a passkey-only account (on a `<form>` with the name field).
        case signUp = "sign-up"
        /// Add a passkey to the signed-in account.
        case register
        /// Add a passkey to the account a recovery link leads to; the script reads the link's token from the
        /// page's address.
        case recover
    }

    /// A section with the one button that starts the ceremony: a lead sentence before it, or a caption under
    /// it that says what the method is, so the words travel with the button wherever the page puts it.
    static func button(
        _ kind: Kind, label: String, lead: String? = nil, caption: String? = nil, in context: PageContext
    ) -> HTML {
        let leadHTML: HTML = lead.map { "<p>\($0)</p>" } ?? HTML(text: "")
        let captionHTML: HTML = caption.map { "<p class=\"method-caption\">\($0)</p>" } ?? HTML(text: "")
        return """
        <section class="passkey-control" \(attributes(kind, in: context))>\(leadHTML)
        <button class="button" type="button">\(label)</button>
        \(captionHTML)
        \(errorSlot)
        </section>
        """
    }

    /// The attributes that tell the script what the element does, how to prove it came from this page, and
    /// what to say when the browser refuses.
    static func attributes(_ kind: Kind, in context: PageContext) -> HTML {
        """
        data-passkey="\(kind.rawValue)" data-csrf="\(context.csrfToken)" \
        data-message-cancelled="\(context.text(.passkeyCancelled))" \
        data-message-failed="\(context.text(.passkeyFailed))" \
        data-message-exists="\(context.text(.passkeyExists))" hidden
        """
    }

    /// Where the script announces a failure.
    static let errorSlot: HTML = "<p class=\"form-error\" role=\"alert\" data-passkey-error hidden></p>"
}
