package import VestibuleCore
import VestibuleHTTP
package import VestibuleLocalization

/// Who is asking: their language, their session and account when signed in, and the value that binds
/// anti-forgery tokens when they are not.
package struct Visitor: Sendable {
    package let language: Language
    /// Set when the language was chosen explicitly (`?lang=`), to remember it in a cookie.
    package let chosenLanguage: Language?
    package let session: Session?
    package let account: Account?
    package let token: SessionToken?
    /// A random value from the visitor cookie, or minted for this response when there was none.
    package let visitorID: String
    package let visitorIDIsNew: Bool

    package static let languageCookie = "vestibule_lang"
    /// The method this browser last signed in with, offered first next time (AUTH-8).
    package static let lastMethodCookie = "vestibule_last_method"
    /// Set once this browser was offered to add a passkey, so the offer is made once (AUTH-12).
    package static let passkeyOfferedCookie = "vestibule_passkey_offered"

    /// A visitor the request could not tell anything of, for the error page shown when the session store is
    /// what failed: English, signed out, no cookie to set.
    package static let unknown = Visitor(
        language: .english, chosenLanguage: nil, session: nil, account: nil, token: nil, visitorID: "",
        visitorIDIsNew: false
    )

    /// What anti-forgery tokens are bound to: the session once signed in, the visitor cookie before.
    package var csrfBinding: String {
        session.map { "session|\($0.id.rawValue)" } ?? "visitor|\(visitorID)"
    }
}
