import VestibuleCore
import VestibuleHTTP

/// Who is asking: their language, and their session and account when signed in.
struct Visitor: Sendable {
    let language: Language
    /// Set when the language was chosen explicitly (`?lang=`), to remember it in a cookie.
    let chosenLanguage: Language?
    let session: Session?
    let account: Account?
    let token: SessionToken?

    static let languageCookie = "vestibule_lang"
}
