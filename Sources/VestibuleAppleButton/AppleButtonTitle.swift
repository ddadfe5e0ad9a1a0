public import VestibuleLocalization
/// The three titles Apple offers on iOS, macOS, tvOS and the web (SIWA-17). An operator picks one and every
/// page uses it. (watchOS's lone "Sign in" does not apply: Vestibule has no watchOS interface.)
///
/// The raw values are the `type` values of Apple's own web button, and the command's `--title` values.
public enum AppleButtonTitle: String, Sendable, CaseIterable {
    case signIn = "sign-in"
    case signUp = "sign-up"
    case `continue` = "continue"

    /// The catalog entry holding Apple's wording in each language, capitalization included (SIWA-25).
    package var textKey: TextKey {
        switch self {
        case .signIn: .signInWithApple
        case .signUp: .appleButtonSignUp
        case .continue: .appleButtonContinue
        }
    }

    /// The title in the catalog's language.
    public func text(in catalog: StringCatalog) -> String {
        catalog.text(textKey)
    }
}
