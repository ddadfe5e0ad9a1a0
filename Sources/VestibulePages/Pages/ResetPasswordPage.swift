import VestibuleCore

/// Resetting a forgotten password in two steps: ask for a code, then enter it with the new password.
/// The second step looks the same whether or not the address has an account.
enum ResetPasswordPage {
    static func renderRequest(in context: PageContext, email: String = "", notice: String? = nil, error: String? = nil) -> Page {
        let form = PostForm(
            action: "/reset-password",
            fields: [.email(context.text(.emailLabel), value: email)],
            submitLabel: context.text(.resetSubmit),
            error: error
        )
        return Page(
            title: context.text(.resetTitle),
            main: """
            <h1>\(context.text(.resetTitle))</h1>
            \(NoticePanel.html(notice))
            <p class="lead">\(context.text(.resetLead))</p>
            \(form.html(in: context))
            """
        )
    }

    static func renderCode(in context: PageContext, email: String, policy: PasswordPolicy, error: String? = nil) -> Page {
        let form = PostForm(
            action: "/reset-password/code",
            fields: [
                .oneTimeCode(context.text(.codeLabel)),
                .newPassword(context.text(.newPasswordLabel), policy: policy, in: context),
            ],
            submitLabel: context.text(.resetFinish),
            error: error,
            hidden: [("email", email)]
        )
        return Page(
            title: context.text(.resetCodeTitle),
            main: """
            <h1>\(context.text(.resetCodeTitle))</h1>
            <p class="lead">\(context.text(.resetCodeLead, isolating: "email", email))</p>
            \(context.outboxNote)
            \(form.html(in: context))
            """
        )
    }
}
