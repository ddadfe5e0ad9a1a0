import VestibuleCore
import VestibuleHTTP

/// Who is asking: their language, their session and account when signed in, and the value that binds
/// anti-forgery tokens when they are not.
struct Visitor: Sendable {
    let language: Language
    /// Set when the language was chosen explicitly (`?lang=`), to remember it in a cookie.
    let chosenLanguage: Language?
    let session: Session?
    let account: Account?
    let token: SessionToken?
    /// A random value from the visitor cookie, or minted for this response when there was none.
    let visitorID: String
    let visitorIDIsNew: Bool

    static let languageCookie = "vestibule_lang"
    /// The method this browser last signed in with, offered first next time (AUTH-8).
    static let lastMethodCookie = "vestibule_last_method"
    /// Set once this browser was offered to add a passkey, so the offer is made once (AUTH-12).
    static let passkeyOfferedCookie = "vestibule_passkey_offered"

    /// What anti-forgery tokens are bound to: the session once signed in, the visitor cookie before.
    var csrfBinding: String {
        session.map { "session|\($0.id.rawValue)" } ?? "visitor|\(visitorID)"
    }
}
