/// Confirming account deletion: what goes, what Apple is told, one button that names the action.
enum DeleteAccountPage {
    static func render(in context: PageContext) -> Page {
        Page(
            title: context.text(.accountDeleteHeading),
            main: """
            <h1>\(context.text(.accountDeleteHeading))</h1>
            <p>\(context.text(.accountDeleteLead))</p>
            <form class="stacked-form" method="post" action="/account/delete">\(context.csrfField)
            <button class="button button-danger" type="submit">\(context.text(.accountDeleteConfirm))</button>
            </form>
            <p><a href="/account">\(context.text(.passkeyOfferNotNow))</a></p>
            """
        )
    }
}
