import VestibuleHTML
/// The front page: open to everyone, so people can look around before any sign-in (AUTH-3, SIWA-3).
enum HomePage {
    static func render(in context: PageContext, notice: String? = nil) -> Page {
        let greeting: HTML
        if let account = context.account {
            let name = account.displayName ?? account.email ?? context.text(.navAccount)
            greeting = "<p class=\"panel\">\(context.text(.homeSignedInAs, isolating: "name", name))</p>"
        } else {
            greeting = HTML(text: "")
        }
        return Page(
            title: context.text(.homeTitle),
            main: """
            <h1>\(context.text(.homeTitle))</h1>
            \(notice.map { HTML("<p class=\"panel\" role=\"status\">\($0)</p>") } ?? HTML(text: ""))
            <p class="lead">\(context.text(.homeLead))</p>
            \(greeting)
            """
        )
    }
}
