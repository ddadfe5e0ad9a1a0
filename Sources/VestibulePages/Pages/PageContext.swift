import VestibuleAppleButton
import VestibuleCore
import VestibuleHTML
import VestibuleLocalization

/// What every page needs to render: the reader's language and whether, and as whom, they are signed in.
struct PageContext: Sendable {
    let localization: Localization
    /// The Sign in with Apple button, when configured (see ``WebConfiguration/appleButton``).
    var appleButton: AppleButtonChoice? = nil
    let language: Language
    /// Development mode without a mail server: mail is kept in the outbox that `/dev/outbox` shows.
    var mailGoesToOutbox = false
    /// The signed-in account, `nil` for visitors.
    let account: Account?
    /// The anti-forgery token for forms that change state.
    let csrfToken: String

    var strings: StringCatalog { localization.catalog(for: language) }

    func text(_ key: TextKey, _ arguments: KeyValuePairs<String, String> = [:]) -> String {
        strings.text(key, arguments)
    }

    /// The translation of `key` as HTML, with the `{name}` placeholder filled by `value` inside `<bdi>`.
    ///
    /// Emails, codes and other left-to-right values keep their own direction inside right-to-left text
    /// (and the other way round). Both the catalog text and `value` are escaped.
    func text(_ key: TextKey, isolating name: String, _ value: String) -> HTML {
        HTML(text(key), isolating: name, value)
    }

    /// On a page that has just mailed a code, in development mode: where the email is, since nothing was sent.
    var outboxNote: HTML {
        guard mailGoesToOutbox else { return HTML(text: "") }
        return "<p class=\"panel\" role=\"note\">\(text(.verifyOutbox)) <a href=\"/dev/outbox\">/dev/outbox</a></p>"
    }

    /// The hidden field that carries ``csrfToken`` in a state-changing form.
    var csrfField: HTML {
        CSRFGuard.field(csrfToken)
    }
}
