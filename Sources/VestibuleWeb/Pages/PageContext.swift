import VestibuleCore

/// What every page needs to render: the reader's language and whether, and as whom, they are signed in.
struct PageContext: Sendable {
    let localization: Localization
    let language: Language
    /// The signed-in account, `nil` for visitors.
    let account: Account?
    /// The anti-forgery token for forms that change state.
    let csrfToken: String
    /// The page's own path, for the language links.
    let path: String

    var strings: StringCatalog { localization.catalog(for: language) }

    func text(_ key: TextKey, _ arguments: KeyValuePairs<String, String> = [:]) -> String {
        strings.text(key, arguments)
    }

    /// The hidden field that carries ``csrfToken`` in a state-changing form.
    var csrfField: HTML {
        "<input type=\"hidden\" name=\"\(CSRFGuard.fieldName)\" value=\"\(csrfToken)\">"
    }
}
