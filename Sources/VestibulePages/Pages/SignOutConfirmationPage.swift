import VestibuleCore
import VestibuleHTML
import VestibuleHTTP
import VestibuleLocalization
import VestibuleSite

/// Asked when an app sends the browser to sign out without naming the person: a link anyone could have sent
/// must not sign them out by itself. Which app asked, which account, what signing out does; the app's request
/// rides along in hidden fields, checked again when the answer comes.
enum SignOutConfirmationPage {
    static func render(in context: PageContext, appName: String?, account: Account, parameters: URLEncodedFields) -> Page {
        let accountName = account.email ?? account.displayName ?? account.id.rawValue
        let asked: HTML = appName.map { "<p>\(context.text(.signOutConfirmAsked, isolating: "app", $0))</p>" } ?? ""
        let carried = HTML.join(["client_id", "post_logout_redirect_uri", "state"].compactMap { name -> HTML? in
            parameters[name].map { "<input type=\"hidden\" name=\"\(name)\" value=\"\($0)\">" }
        })
        return Page(
            title: context.text(.signOutConfirmHeading),
            main: """
            <h1>\(context.text(.signOutConfirmHeading))</h1>
            \(asked)
            <p>\(context.text(.handoffConfirmSignedInAs, isolating: "account", accountName))</p>
            <p class="muted">\(context.text(.signOutConfirmEffect))</p>
            <form class="stacked-form" method="post" action="\(Site.signOutConfirmationPath)">\(context.csrfField)\(carried)
            <button class="button" type="submit" name="decision" value="sign-out">\(context.text(.signOut))</button>
            <button class="button button-secondary" type="submit" name="decision" value="stay">\(context.text(.signOutConfirmStay))</button>
            </form>
            """
        )
    }
}
