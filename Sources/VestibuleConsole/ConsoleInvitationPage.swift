import VestibuleHTML
import VestibuleLocalization
import VestibulePages

/// "Become an operator": the question behind a one-time operator link, or why the link does not work.
enum ConsoleInvitationPage {
    static func render(token: String, signedIn: Bool, paths: ConsolePath, in context: PageContext) -> Page {
        let answer: HTML = signedIn
            ? """
            <form class="stacked-form" method="post" action="\(paths.invitation)">\(context.csrfField)\
            <input type="hidden" name="token" value="\(token)">
            <button class="button" type="submit">\(context.text(.consoleInvitationTitle))</button>
            </form>
            """
            : """
            <p>\(context.text(.consoleInvitationSignIn))</p>
            <p><a class="button" href="/sign-in">\(context.text(.navSignIn))</a></p>
            """
        return Page(
            title: context.text(.consoleInvitationTitle),
            main: """
            <h1>\(context.text(.consoleInvitationTitle))</h1>
            <p class="lead">\(context.text(.consoleInvitationBody))</p>
            \(answer)
            """
        )
    }

    static func renderRefused(in context: PageContext) -> Page {
        Page(
            title: context.text(.consoleInvitationTitle),
            main: """
            <h1>\(context.text(.consoleInvitationTitle))</h1>
            <p class="panel" role="alert">\(context.text(.consoleInvitationRefused))</p>
            """
        )
    }
}
