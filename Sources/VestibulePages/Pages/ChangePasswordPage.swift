import VestibuleCore

/// Changing the password of the signed-in account; `/.well-known/change-password` leads here.
enum ChangePasswordPage {
    static func render(in context: PageContext, policy: PasswordPolicy, error: String? = nil) -> Page {
        let form = PostForm(
            action: "/account/password",
            fields: [
                .currentPassword(context.text(.currentPasswordLabel)),
                .newPassword(context.text(.newPasswordLabel), name: "new-password", policy: policy, in: context),
            ],
            submitLabel: context.text(.changeSubmit),
            error: error
        )
        return Page(
            title: context.text(.changeTitle),
            main: """
            <h1>\(context.text(.changeTitle))</h1>
            \(form.html(in: context))
            """
        )
    }
}
