import VestibuleCore
import VestibuleHTML

/// Creating an account. Sign in with Apple comes first when it is on, since with Apple signing in the first time
/// is creating the account: someone sent here to create one (an app's "Create an account", SIWA-6) can pick it
/// without going through the sign-in page. Then a passkey: only a name is asked, for the greeting and for the
/// person's password manager (SIWA-9). An email address and a password wait behind "Other ways to create an
/// account". An app that hands its visitor over passes the name and email it was given, which prefill the
/// fields (SIWA-6), and the page says which app the account continues to.
enum SignUpPage {
    static func render(
        in context: PageContext, policy: PasswordPolicy, apple: Bool = false, name: String = "", email: String = "",
        error: String? = nil
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
        let appleButton = AppleSection.startButton(purpose: "sign-in", label: context.text(.signInWithApple), in: context)
        let appleGroup: HTML = apple ? "<div class=\"sign-in-methods\">\(appleButton)</div>" : HTML(text: "")
        // A refused password sign-up keeps its form open.
        let open: HTML = error == nil ? "" : " open"
        return Page(
            title: context.text(.signUpTitle),
            main: """
            <h1>\(context.text(.signUpTitle))</h1>
            \(context.continuingTo.map {
                HTML("<p class=\"lead\" data-continuing-to>\(context.text(.signUpContinuingTo, isolating: "app", $0))</p>")
            } ?? HTML(text: ""))
            \(appleGroup)
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
