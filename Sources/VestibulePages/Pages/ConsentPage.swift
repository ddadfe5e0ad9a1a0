import VestibuleCore
import VestibuleHTML
import VestibuleLocalization
import VestibuleSite

/// Asked before an OpenID Connect app that is not the operator's own receives anything (SIWA-9, SIWA-14): which
/// app, as which account, exactly what it will receive, and why; "Allow" or "Don't Allow", nothing in between.
enum ConsentPage {
    static func render(
        in context: PageContext, appName: String, account: Account, scopes: [OpenIDScope], bringsGuestData: Bool
    ) -> Page {
        let accountName = account.email ?? account.displayName ?? account.id.rawValue
        let items = HTML.join(receivedItems(scopes).map { "<li>\(context.text($0))</li>" })
        let guestData: HTML = bringsGuestData
            ? "<p data-guest-data>\(context.text(.handoffConfirmGuestData, isolating: "app", appName))</p>"
            : ""
        return Page(
            title: context.text(.consentHeading, ["app": appName]),
            main: """
            <h1>\(context.text(.consentHeading, isolating: "app", appName))</h1>
            <p>\(context.text(.handoffConfirmSignedInAs, isolating: "account", accountName))</p>
            <h2>\(context.text(.consentReceives, isolating: "app", appName))</h2>
            <ul class="consent-list">\(items)</ul>
            <p class="muted">\(context.text(.consentWhy, isolating: "app", appName))</p>
            \(guestData)
            <form class="stacked-form" method="post" action="\(Site.consentPath)">\(context.csrfField)
            <button class="button" type="submit" name="decision" value="allow">\(context.text(.consentAllow))</button>
            <button class="button button-secondary" type="submit" name="decision" value="deny">\(context.text(.consentDeny))</button>
            </form>
            """
        )
    }

    /// What the scopes release, in the words of the page: always the account's identifier.
    static func receivedItems(_ scopes: [OpenIDScope]) -> [TextKey] {
        scopes.compactMap { scope in
            switch scope {
            case .openID: .consentClaimID
            case .profile: .consentClaimName
            case .email: .consentClaimEmail
            case .offlineAccess: .consentClaimOffline
            case .documents: .consentClaimDocuments
            }
        }
    }
}
