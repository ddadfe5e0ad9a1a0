import VestibuleCore
import VestibuleHTML

/// Where a recovery link leads: a passkey to add, first (AUTH-1), and a new password behind a disclosure when the
/// account has one; or, for a link that no longer works, why and what to do.
enum RecoveryPage {
    /// - Parameter password: the policy a new password must meet, when the account has a password to replace.
    static func render(
        in context: PageContext, email: String, token: String, password: PasswordPolicy?, error: String? = nil
    ) -> Page {
        let passwordForm: HTML = password.map { policy in
            let form = PostForm(
                action: RecoveryLinks.path + "?token=" + token,
                fields: [.newPassword(context.text(.newPasswordLabel), policy: policy, in: context)],
                submitLabel: context.text(.recoverSavePassword),
                error: error,
                hidden: [("email", email)],
                isPrimary: false
            )
            return SignInPage.otherWays(
                form.html(in: context), passkeyOnly: false, summary: .recoverPasswordInstead, in: context
            )
        } ?? ""
        return Page(
            title: context.text(.recoverTitle),
            main: """
            <h1>\(context.text(.recoverTitle))</h1>
            <p class="lead">\(context.text(.recoverLead, isolating: "email", email))</p>
            \(PasskeyControl.button(.recover, label: context.text(.passkeyOfferAdd), caption: context.text(.recoverPasskeyCaption), in: context))
            \(passwordForm)
            """
        )
    }

    static func renderUnusable(in context: PageContext) -> Page {
        Page(
            title: context.text(.recoverUnusableTitle),
            main: """
            <h1>\(context.text(.recoverUnusableTitle))</h1>
            <p class="lead">\(context.text(.recoverUnusableBody))</p>
            <p><a href="/sign-in">\(context.text(.signInTitle))</a></p>
            """
        )
    }
}
