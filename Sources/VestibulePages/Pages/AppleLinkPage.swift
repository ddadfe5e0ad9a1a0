import VestibuleCore

/// Asked after someone signs in to an account that a Sign in with Apple, started in this browser, found by its
/// email (SIWA-5): which Apple ID, which account, and a way out for someone who did not start it. Nothing is
/// added until they choose to add it.
enum AppleLinkPage {
    static let path = "/account/apple/link"

    static func render(in context: PageContext, appleEmail: String, account: Account) -> Page {
        let accountName = account.email ?? account.displayName ?? account.id.rawValue
        return Page(
            title: context.text(.appleLinkHeading, ["email": appleEmail]),
            main: """
            <h1>\(context.text(.appleLinkHeading, isolating: "email", appleEmail))</h1>
            <p>\(context.text(.appleLinkLead, isolating: "account", accountName))</p>
            <p>\(context.text(.appleLinkNotYou))</p>
            <form class="stacked-form" method="post" action="\(path)">\(context.csrfField)
            <button class="button" type="submit" name="decision" value="link">\(context.text(.accountAppleAdd))</button>
            <button class="button button-secondary" type="submit" name="decision" value="not-now">\(context.text(.appleLinkNotNow))</button>
            </form>
            """
        )
    }
}
