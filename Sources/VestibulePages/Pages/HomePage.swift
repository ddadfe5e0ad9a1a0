import VestibuleHTML
/// The front page: open to everyone, so people can look around before any sign-in (AUTH-3, SIWA-3). It says
/// what Vestibule is, then offers one next step.
enum HomePage {
    static func render(in context: PageContext, notice: String? = nil) -> Page {
        // What to do next: the account for someone signed in, else creating one, with signing in beside it.
        let next: HTML
        if let account = context.account {
            let name = account.displayName ?? account.email ?? context.text(.navAccount)
            next = """
            <p class="panel">\(context.text(.homeSignedInAs, isolating: "name", name)) \
            <a href="/account">\(context.text(.navAccount))</a></p>
            """
        } else {
            next = """
            <p class="actions"><a class="button" href="/sign-up">\(context.text(.signInCreateAccount))</a> \
            <a class="button button-secondary" href="/sign-in">\(context.text(.navSignIn))</a></p>
            """
        }
        return Page(
            title: context.text(.homeTitle),
            main: """
            <h1>\(context.text(.homeTitle))</h1>
            \(NoticePanel.html(notice))
            <p class="lead">\(context.text(.homeAbout))</p>
            <p>\(context.text(.homeLead))</p>
            \(next)
            """
        )
    }
}
