import VestibuleAppleButton
package import VestibuleCore
package import VestibuleHTML
package import VestibuleLocalization
import VestibuleSite

/// What every page needs to render: the reader's language and whether, and as whom, they are signed in.
package struct PageContext: Sendable {
    let localization: Localization
    /// The Sign in with Apple button, when configured (see ``WebConfiguration/appleButton``).
    var appleButton: AppleButtonChoice? = nil
    package let language: Language
    /// Development mode without a mail server: the address of the outbox page, which shows the mail kept instead.
    var outboxURL: String? = nil
    /// The signed-in account, `nil` for visitors.
    package let account: Account?
    /// The display name of the app whose hand-off or authorization request brought the browser here, which the
    /// pages on its way name ("Create an account to continue to Vestibule Books"); `nil` without one.
    var continuingTo: String? = nil
    /// What that app already knew of its person, which the sign-up and sign-in forms fill in (SIWA-6): from a
    /// hand-off, or an authorization's `login_hint` and guest ticket.
    var prefill = Prefill()
    /// The anti-forgery token for forms that change state.
    let csrfToken: String

    var strings: StringCatalog { localization.catalog(for: language) }

    package func text(_ key: TextKey, _ arguments: KeyValuePairs<String, String> = [:]) -> String {
        strings.text(key, arguments)
    }

    /// The translation of `key` as HTML, with the `{name}` placeholder filled by `value` inside `<bdi>`.
    ///
    /// Emails, codes and other left-to-right values keep their own direction inside right-to-left text
    /// (and the other way round). Both the catalog text and `value` are escaped.
    package func text(_ key: TextKey, isolating name: String, _ value: String) -> HTML {
        HTML(text(key), isolating: name, value)
    }

    /// A device as people name it, in the reader's language ("Chrome on Linux"), from what its browser sent;
    /// the raw text when the browser is not one we know, and "Unknown device" when it sent nothing.
    package func deviceName(userAgent: String) -> String {
        guard !userAgent.isEmpty else { return text(.accountSessionUnknownDevice) }
        guard let device = PasskeyNames.device(in: userAgent) else { return userAgent }
        guard let system = device.system else { return device.browser }
        return text(.deviceName, ["browser": device.browser, "system": system])
    }

    /// On a page that has just mailed a code, in development mode: where the email is, since nothing was sent.
    var outboxNote: HTML {
        guard let outboxURL else { return HTML(text: "") }
        return "<p class=\"panel\" role=\"note\">\(text(.verifyOutbox)) <a href=\"\(outboxURL)\">\(outboxURL)</a></p>"
    }

    /// The hidden field that carries ``csrfToken`` in a state-changing form.
    package var csrfField: HTML {
        CSRFGuard.field(csrfToken)
    }
}

extension PageContext {
    /// The name and email an app handed over with its visitor, for the forms to fill in.
    struct Prefill: Sendable {
        var name: String? = nil
        var email: String? = nil
    }
}
