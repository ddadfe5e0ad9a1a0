/// The sign-in page. It explains what signing in brings and how to get an account before offering any
/// method (AUTH-4, SIWA-2, SIWA-4). Methods arrive with their own issues; until one is enabled the page
/// says so plainly instead of showing a dead button.
enum SignInPage {
    static func render(in context: PageContext, benefits: String) -> Page {
        Page(
            title: context.text(.signInTitle),
            main: """
            <h1>\(context.text(.signInTitle))</h1>
            <section class="panel" aria-labelledby="benefits-heading">
            <h2 id="benefits-heading">\(context.text(.signInBenefitsHeading))</h2>
            <p>\(benefits)</p>
            <p>\(context.text(.signInHowToGetAccount))</p>
            </section>
            <p class="muted">\(context.text(.signInNoMethods))</p>
            """
        )
    }
}
