import VestibuleAPI
import VestibuleApple
import VestibuleHTTP
import VestibulePasskeys

/// Why the API refused a call: an HTTP status, a stable code for programs, a sentence for people.
struct APIRefusal: Error {
    let status: HTTPStatus
    let code: APIErrorCode
    let message: String

    init(status: HTTPStatus, code: APIErrorCode, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    static func invalid(_ message: String) -> APIRefusal {
        APIRefusal(status: .badRequest, code: "invalidRequest", message: message)
    }

    static let signInRequired = APIRefusal(status: .unauthorized, code: "signInRequired", message: "Sign in first.")

    /// A change to how the account signs in, from a session that may not make it (``CredentialChanges``).
    static func signInAgain(_ call: APICall) -> APIRefusal {
        APIRefusal(status: .forbidden, code: "signInAgain", message: call.text(.accountSignInAgain))
    }

    /// A recovery link that is unknown, expired, used, or replaced by a newer one.
    static func recoveryLinkUnusable(_ call: APICall) -> APIRefusal {
        APIRefusal(status: .notFound, code: "recoveryLinkUnusable", message: call.text(.recoverUnusableBody))
    }

    /// A refused ceremony. The code is the check that failed; the sentence says what the person can do.
    init(passkeyError error: PasskeyError, in call: APICall) {
        switch error.code {
        case .credentialUnknown, .userHandleMismatch:
            self.init(status: .unauthorized, code: APIErrorCode(rawValue: error.code.rawValue), message: call.text(.passkeyUnknown))
        case .credentialExists:
            self.init(status: .conflict, code: APIErrorCode(rawValue: error.code.rawValue), message: call.text(.passkeyExists))
        default:
            self.init(status: .badRequest, code: APIErrorCode(rawValue: error.code.rawValue), message: call.text(.passkeyFailed))
        }
    }

    /// A refused Sign in with Apple: the app's token, nonce or code, or Apple itself.
    init(appleError error: AppleError, in call: APICall) {
        switch error.code {
        case .unreachable, .misconfigured:
            self.init(status: .badGateway, code: APIErrorCode(rawValue: error.code.rawValue), message: call.text(.appleFailed))
        case .invalidState:
            self.init(status: .badRequest, code: APIErrorCode(rawValue: error.code.rawValue), message: call.text(.appleExpired))
        default:
            self.init(status: .badRequest, code: APIErrorCode(rawValue: error.code.rawValue), message: call.text(.appleFailed))
        }
    }
}
