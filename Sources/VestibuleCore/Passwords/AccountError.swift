/// A refusal the person can act on: a malformed email, a weak password, wrong credentials, a bad code.
///
/// Storage and hashing failures are not ``AccountError``s; they reach the caller as `StoreError` and
/// `CryptoError`. ``message`` is plain English for logs and tests; pages show their own localized text by
/// ``code``. No message ever says whether an email address is registered.
public struct AccountError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// What is wrong with the password, for ``weakPassword(_:)``; `nil` for every other code.
        public let passwordProblem: PasswordProblem?

        private init(name: String, passwordProblem: PasswordProblem? = nil) {
            self.name = name
            self.passwordProblem = passwordProblem
        }

        /// The text is not an email address ``EmailAddress`` accepts.
        public static let invalidEmail = Code(name: "invalidEmail")
        /// A new password breaks ``PasswordPolicy``.
        public static func weakPassword(_ problem: PasswordProblem) -> Code {
            Code(name: "weakPassword", passwordProblem: problem)
        }
        /// The email is unknown or the password is wrong; deliberately one code for both.
        public static let invalidCredentials = Code(name: "invalidCredentials")
        /// The code is wrong, expired, already used or was never issued; deliberately one code for all of them.
        public static let invalidCode = Code(name: "invalidCode")
        /// The code was tried too often and no longer works even if right; a new one must be requested.
        ///
        /// This leaks nothing about registration: a code is stored for every request, whether or not the
        /// email is registered, so an unregistered address locks exactly like a registered one.
        public static let tooManyAttempts = Code(name: "tooManyAttempts")
        /// The password was right, but the email address has not been confirmed with its code yet.
        public static let emailNotVerified = Code(name: "emailNotVerified")

        public var description: String {
            passwordProblem.map { "\(name)(\($0))" } ?? name
        }
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    static let invalidEmail = AccountError(.invalidEmail, "That is not an email address.")
    static let invalidCredentials = AccountError(.invalidCredentials, "The email address or the password is wrong.")
    static let invalidCode = AccountError(
        .invalidCode, "That code is not valid. Codes work once and expire after a few minutes."
    )
    static let tooManyAttempts = AccountError(
        .tooManyAttempts, "That code was tried too many times and no longer works. Ask for a new one."
    )
    static let emailNotVerified = AccountError(
        .emailNotVerified, "Confirm your email address with the code we sent before signing in."
    )

    static func weakPassword(_ problem: PasswordProblem) -> AccountError {
        let message = switch problem {
        case .tooShort(let minimum): "Use at least \(minimum) characters."
        case .tooLong(let maximum): "Use at most \(maximum) characters."
        case .tooCommon: "That password is too common. Choose one that is harder to guess."
        case .sameAsEmail: "Your password must not be your email address."
        }
        return AccountError(.weakPassword(problem), message)
    }
}
