/// The sign-in page. It explains what signing in brings and how to get an account before the method
/// (AUTH-4, SIWA-2, SIWA-4), then offers one method, named on its button (AUTH-8, AUTH-10).
enum SignInPage {
    static func render(in context: PageContext, benefits: String, email: String = "", error: String? = nil) -> Page {
        let form = PostForm(
            action: "/sign-in",
            fields: [.email(context.text(.emailLabel), value: email), .currentPassword(context.text(.passwordLabel))],
            submitLabel: context.text(.signInWithPassword),
            error: error
        )
        return Page(
            title: context.text(.signInTitle),
            main: """
            <h1>\(context.text(.signInTitle))</h1>
            <section class="panel" aria-labelledby="benefits-heading">
            <h2 id="benefits-heading">\(context.text(.signInBenefitsHeading))</h2>
            <p>\(benefits)</p>
            <p>\(context.text(.signInHowToGetAccount)) <a href="/sign-up">\(context.text(.signInCreateAccount))</a></p>
            </section>
            \(form.html(in: context))
            <p><a href="/reset-password">\(context.text(.signInForgotPassword))</a></p>
            """
        )
    }
}
