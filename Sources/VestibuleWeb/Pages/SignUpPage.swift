import VestibuleCore

/// Creating an account with an email address and a password: the only two things asked (SIWA-9).
enum SignUpPage {
    static func render(in context: PageContext, policy: PasswordPolicy, email: String = "", error: String? = nil) -> Page {
        let form = PostForm(
            action: "/sign-up",
            fields: [
                .email(context.text(.emailLabel), value: email),
                .newPassword(context.text(.passwordLabel), policy: policy, in: context),
            ],
            submitLabel: context.text(.signUpSubmit),
            error: error
        )
        return Page(
            title: context.text(.signUpTitle),
            main: """
            <h1>\(context.text(.signUpTitle))</h1>
            <p class="lead">\(context.text(.signUpLead))</p>
            \(form.html(in: context))
            <p><a href="/sign-in">\(context.text(.signUpHaveAccount))</a></p>
            """
        )
    }
}

extension FormField {
    /// A new-password field whose length limits and `passwordrules` come from the enforced policy.
    static func newPassword(_ label: String, name: String = "password", policy: PasswordPolicy, in context: PageContext)
        -> FormField
    {
        .newPassword(
            label,
            name: name,
            rules: policy.passwordRules,
            minimum: policy.minimumLength,
            maximum: policy.maximumLength,
            hint: context.text(.passwordHint, ["minimum": String(policy.minimumLength)])
        )
    }
}
