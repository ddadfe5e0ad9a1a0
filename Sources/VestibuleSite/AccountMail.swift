package import VestibuleCore
package import VestibuleLocalization
package import VestibuleMail

/// The emails about an account, written in the reader's language from the string catalogs and sent in the
/// background.
package struct AccountMail: Sendable {
    package let queue: MailQueue
    package let localization: Localization
    package let origin: String

    package func sendVerificationCode(_ code: String, to email: EmailAddress, in language: Language) {
        send(to: email, language, subject: .mailVerifySubject, body: .mailVerifyBody, ["code": code])
    }

    /// Sign-up with a taken address: tell the owner, never the person at the form (no enumeration).
    package func sendAlreadyRegistered(to email: EmailAddress, in language: Language) {
        send(
            to: email, language, subject: .mailAlreadyRegisteredSubject, body: .mailAlreadyRegisteredBody,
            ["signInURL": origin + "/sign-in", "resetURL": origin + "/reset-password"]
        )
    }

    package func sendResetCode(_ code: String, to email: EmailAddress, in language: Language) {
        send(to: email, language, subject: .mailResetSubject, body: .mailResetBody, ["code": code])
    }

    /// A recovery link an operator had sent: the only place its secret is ever written.
    package func sendRecoveryLink(_ token: String, to email: EmailAddress, in language: Language) {
        send(
            to: email, language, subject: .mailRecoverySubject, body: .mailRecoveryBody,
            ["url": origin + RecoveryLinks.path + "?token=" + token]
        )
    }

    /// A change to how the account signs in, with where to undo one the owner did not make.
    package func sendCredentialNotice(_ change: CredentialChanges.Change, to email: EmailAddress, in language: Language) {
        let strings = localization.catalog(for: language)
        let (sentence, name): (TextKey, String) = switch change {
        case .password: (.mailCredentialChangedPassword, "")
        case .passkeyAdded(let name): (.mailCredentialChangedPasskeyAdded, name)
        case .passkeyRemoved(let name): (.mailCredentialChangedPasskeyRemoved, name)
        case .appleLinked: (.mailCredentialChangedAppleLinked, "")
        case .appleUnlinked: (.mailCredentialChangedAppleUnlinked, "")
        }
        send(
            to: email, language, subject: .mailCredentialChangedSubject, body: .mailCredentialChangedBody,
            [
                "change": strings.text(sentence, ["app": strings.text(.appName), "name": name]),
                "accountURL": origin + "/account", "resetURL": origin + "/reset-password",
            ]
        )
    }

    private func send(
        to email: EmailAddress,
        _ language: Language,
        subject: TextKey,
        body: TextKey,
        _ arguments: [String: String]
    ) {
        let strings = localization.catalog(for: language)
        var values = arguments
        values["app"] = strings.text(.appName)
        queue.enqueue(
            EmailMessage(to: email.value, subject: strings.text(subject, values), textBody: strings.text(body, values))
        )
    }
}
