import VestibuleCore
import VestibuleHTML
import VestibuleLocalization
import VestibulePages

/// "Are you sure?": what an action will do to whom, the button that does it, and the way back.
enum ConsoleConfirmPage {
    static func render(
        _ action: ConsoleAction, account: Account, passkey: PasskeyCredential?, paths: ConsolePath, in context: PageContext
    ) -> Page {
        let who = account.email ?? account.displayName ?? account.id.rawValue
        let explanation: HTML = passkey.map { context.text(action.explanation, isolating: "name", $0.name) }
            ?? HTML(text: context.text(action.explanation))
        return Page(
            title: context.text(.consoleConfirmTitle),
            main: """
            <h1>\(context.text(.consoleConfirmTitle))</h1>
            <p class="lead">\(context.text(.consoleConfirmFor, isolating: "account", who))</p>
            <p>\(explanation)</p>
            \(ConsoleAccountPage.button(action, account: account, passkey: passkey, confirmed: true, paths: paths, in: context))
            <p><a href="\(paths.account(account.id.rawValue))">\(context.text(.consoleCancel))</a></p>
            """
        )
    }
}
