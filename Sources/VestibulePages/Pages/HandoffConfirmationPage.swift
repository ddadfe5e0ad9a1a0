import VestibuleCore
import VestibuleHTML

/// Asked when an app's hand-off link reaches someone who was signed in already: which app, which account, and
/// what it brings along, before anything happens. A link anyone can send must not, by being opened, give an app
/// this account or pour the app's guest data into it.
enum HandoffConfirmationPage {
    static func render(in context: PageContext, appName: String, account: Account, bringsGuestData: Bool) -> Page {
        let accountName = account.email ?? account.displayName ?? account.id.rawValue
        let guestData: HTML = bringsGuestData
            ? "<p>\(context.text(.handoffConfirmGuestData, isolating: "app", appName))</p>"
            : ""
        return Page(
            title: context.text(.handoffConfirmHeading, ["app": appName]),
            main: """
            <h1>\(context.text(.handoffConfirmHeading, isolating: "app", appName))</h1>
            <p>\(context.text(.handoffConfirmSignedInAs, isolating: "account", accountName))</p>
            <p>\(context.text(.handoffConfirmSession, isolating: "app", appName))</p>
            \(guestData)
            <form class="stacked-form" method="post" action="/continue">\(context.csrfField)
            <button class="button" type="submit" name="decision" value="continue">\(context.text(.handoffConfirmContinue, isolating: "app", appName))</button>
            <button class="button button-secondary" type="submit" name="decision" value="cancel">\(context.text(.handoffConfirmCancel))</button>
            </form>
            """
        )
    }
}
