import VestibuleHTML
import VestibuleLocalization
import VestibulePages

/// What an operator sees whose sign-in is too old for the console, or was by password.
enum ConsoleSignInAgainPage {
    static func render(in context: PageContext) -> Page {
        Page(
            title: context.text(.consoleSignInAgainTitle),
            main: """
            <h1>\(context.text(.consoleSignInAgainTitle))</h1>
            <p>\(context.text(.consoleSignInAgainBody))</p>
            <p><a class="button" href="/sign-in">\(context.text(.consoleSignInAgainButton))</a></p>
            """
        )
    }
}
