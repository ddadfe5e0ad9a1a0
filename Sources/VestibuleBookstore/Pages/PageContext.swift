import VestibuleHTML

/// What every page needs to render: the reader's texts, the catalog, the form token, and what the header shows.
struct PageContext: Sendable {
    let localization: BookstoreLocalization
    let language: BookstoreLanguage
    let catalog: Catalog
    /// The anti-forgery token for forms that change something.
    let csrfToken: String
    /// The page's own path, for the language links.
    let path: String
    /// How the shopper's session was started (`apple`, `passkey`, `password`); nil when not signed in.
    let signedInWith: String?
    /// Books in the cart; nil when unknown (error pages ask Vestibule nothing).
    let cartCount: Int?

    var strings: BookstoreStrings { localization.strings(for: language) }

    func text(_ key: BookstoreText, _ arguments: KeyValuePairs<String, String> = [:]) -> String {
        strings.text(key, arguments)
    }

    /// The translation of `key` with its `{name}` placeholder filled by `value`, isolated (see ``HTML``).
    func text(_ key: BookstoreText, isolating name: String, _ value: String) -> HTML {
        HTML(text(key), isolating: name, value)
    }

    /// "Signed in with Apple", "… with a passkey", "… with a password" (SIWA-8): what the person used.
    var signedInStatus: String? {
        signedInWith.map { method in
            switch method {
            case "apple": text(.statusApple)
            case "passkey": text(.statusPasskey)
            case "password": text(.statusPassword)
            default: text(.statusOther)
            }
        }
    }

    /// The hidden field that carries ``csrfToken`` in a form.
    var csrfField: HTML {
        CSRFGuard.field(csrfToken)
    }

    func price(cents: Int) -> String { strings.price(cents: cents) }
}
