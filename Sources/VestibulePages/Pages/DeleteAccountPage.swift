import VestibuleHTML
/// Confirming account deletion: what goes, what Apple is told, one button that names the action; or, when
/// the session's sign-in is not recent, the way to sign in again first.
enum DeleteAccountPage {
    static func render(in context: PageContext, signedInRecently: Bool) -> Page {
        let action: HTML = signedInRecently
            ? """
            <form class="stacked-form" method="post" action="/account/delete">\(context.csrfField)
            <button class="button button-danger" type="submit">\(context.text(.accountDeleteConfirm))</button>
            </form>
            """
            : """
            <p class="panel" role="status" data-reauthenticate>\(context.text(.accountDeleteReauthenticate))</p>
            <p><a class="button" href="/sign-in">\(context.text(.navSignIn))</a></p>
            """
        return Page(
            title: context.text(.accountDeleteHeading),
            main: """
            <h1>\(context.text(.accountDeleteHeading))</h1>
            <p>\(context.text(.accountDeleteLead))</p>
            \(action)
            <p><a href="/account">\(context.text(.passkeyOfferNotNow))</a></p>
            """
        )
    }
}
