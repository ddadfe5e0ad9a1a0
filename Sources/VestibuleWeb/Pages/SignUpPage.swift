import VestibuleCore

/// Creating an account. A passkey leads: only a name is asked, for the greeting and for the person's password
/// manager (SIWA-9). An email address and a password wait behind "Other ways to create an account". An app
/// that hands its visitor over passes the name and email it was given, which prefill the fields (SIWA-6).
enum SignUpPage {
    static func render(
        in context: PageContext, policy: PasswordPolicy, name: String = "", email: String = "", error: String? = nil
    ) -> Page {
        let form = PostForm(
            action: "/sign-up",
            fields: [
                .email(context.text(.emailLabel), value: email),
                .newPassword(context.text(.passwordLabel), policy: policy, in: context),
            ],
            submitLabel: context.text(.signUpSubmit),
            error: error
        )
        let passkeyForm: HTML = """
        <form class="stacked-form" \(PasskeyControl.attributes(.signUp, in: context))>
        <p>\(context.text(.signUpPasskeyLead))</p>
        \(FormField.personName(context.text(.signUpNameLabel), value: name, hint: context.text(.signUpNameHint)).html)
        <button class="button" type="submit">\(context.text(.signUpWithPasskey))</button>
        \(PasskeyControl.errorSlot)
        </form>
        """
        // A refused password sign-up keeps its form open.
        let open: HTML = error == nil ? "" : " open"
        return Page(
            title: context.text(.signUpTitle),
            main: """
            <h1>\(context.text(.signUpTitle))</h1>
            \(passkeyForm)
            <details class="other-ways" data-passkey-fallback\(open)>
            <summary>\(context.text(.signUpOtherWays))</summary>
            <p class="lead">\(context.text(.signUpLead))</p>
            \(form.html(in: context))
            </details>
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
