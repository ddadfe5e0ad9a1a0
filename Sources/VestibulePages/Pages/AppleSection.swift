import VestibuleCore
import VestibuleHTML

/// Sign in with Apple on the pages: the button that starts it, and the account page's part (SIWA-8, SIWA-12).
///
/// The button is a form, so starting is a same-origin POST with the anti-forgery token, and it names its
/// method (AUTH-10). With Apple's servers it is Apple's own button (SIWA-16), or the custom one drawn around
/// the operator's Apple artwork; with the built-in emulator, in development, a text button (Vestibule ships no
/// Apple logo, SIWA-22).
enum AppleSection {
    static func startButton(purpose: String, label: String, in context: PageContext) -> HTML {
        // The choice was drawn in every language at start-up (`Pages.init`), so `try?` only guards the type.
        let button: HTML = context.appleButton.flatMap { try? $0.markup(in: context.strings) }
            ?? "<button class=\"button button-apple\" type=\"submit\">\(label)</button>"
        return """
        <form class="apple-start" method="post" action="/apple/start">\(context.csrfField)\
        <input type="hidden" name="purpose" value="\(purpose)">
        \(button)</form>
        """
    }

    /// The account page's Sign in with Apple part: where relay mail goes or that it stopped, unlinking while
    /// another method remains, or the button to add Apple.
    static func account(
        _ records: [AppleIdentityRecord], email: String?, canUnlink: Bool, in context: PageContext
    ) -> HTML {
        guard !records.isEmpty else {
            return startButton(purpose: "link", label: context.text(.accountAppleAdd), in: context)
        }
        return HTML.join(records.map { record -> HTML in
            let relay: HTML = switch (record.isPrivateEmail, record.forwardingDisabledAt, email) {
            case (true, nil, let email?):
                "<p class=\"item-meta\" data-relay=\"forwarding\">\(context.text(.accountRelayForwarding, isolating: "email", email))</p>"
            case (true, _?, let email?):
                "<p class=\"form-error\" data-relay=\"off\">\(context.text(.accountRelayForwardingOff, isolating: "email", email))</p>"
            default:
                HTML(text: "")
            }
            let unlink: HTML = canUnlink
                ? """
                <form method="post" action="/account/apple/unlink">\(context.csrfField)\
                <input type="hidden" name="subject" value="\(record.subject)">
                <button class="button button-secondary" type="submit">\(context.text(.accountAppleUnlink))</button></form>
                """
                : "<p class=\"item-meta\">\(context.text(.accountAppleLastMethod))</p>"
            return "\(relay)\(unlink)"
        })
    }
}
