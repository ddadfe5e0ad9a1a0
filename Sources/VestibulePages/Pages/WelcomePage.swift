import VestibuleCore
import VestibuleHTML
import VestibuleSite

/// Right after sign-up (SIWA-7, SIWA-14): a greeting by the name the person shared, else their email; for an
/// Apple private relay address, where our mail goes (or that it will not arrive, and how to fix that); then the
/// required fields of the data policy the account still lacks, each with its reason, asked here once. Optional
/// fields are never asked here (SIWA-13). "Continue" goes on to `/continue`.
enum WelcomePage {
    /// Mail to an Apple private relay address: forwarded to the person, or not since they turned it off.
    enum Relay {
        case forwarding(to: String)
        case off(address: String)
    }

    static let path = SitePath.welcome
    /// Where the person goes on: the app they came from, or their account.
    static let continuePath = "/continue"

    static func render(
        in context: PageContext, account: Account, relay: Relay?, missing: [DataField],
        inputs: [String: String] = [:], errors: [String: String] = [:]
    ) -> Page {
        let name = account.displayName ?? account.email
        let heading = name.map { context.text(.welcomeTitleNamed, isolating: "name", $0) }
            ?? HTML(text: context.text(.welcomeTitle))
        let relayHTML: HTML = switch relay {
        case .forwarding(let address)?:
            "<p class=\"panel\" data-relay=\"forwarding\">\(context.text(.welcomeRelayForwarding, isolating: "email", address))</p>"
        case .off(let address)?:
            "<p class=\"form-error\" data-relay=\"off\">\(context.text(.welcomeRelayForwardingOff, isolating: "email", address))</p>"
        case nil:
            HTML(text: "")
        }
        // "Continue" says where it goes: back to the app that sent the person here, when one did.
        let continueLabel: HTML = context.continuingTo.map { context.text(.welcomeContinueTo, isolating: "app", $0) }
            ?? HTML(text: context.text(.welcomeContinue))
        let next: HTML
        if missing.isEmpty {
            next = "<p><a class=\"button\" href=\"\(continuePath)\">\(continueLabel)</a></p>"
        } else {
            let controls = missing.map { field in
                FieldControl.html(
                    field, value: inputs[field.name] ?? "", error: errors[field.name], in: context
                )
            }
            next = """
            <h2>\(context.text(.welcomeFieldsHeading))</h2>
            <p>\(context.text(.welcomeFieldsLead))</p>
            <form class="stacked-form" method="post" action="\(path)">\(context.csrfField)
            \(controls)
            <button class="button" type="submit">\(continueLabel)</button>
            </form>
            <p><a href="\(continuePath)">\(context.text(.welcomeNotNow))</a></p>
            """
        }
        return Page(
            title: name.map { context.text(.welcomeTitleNamed, ["name": $0]) } ?? context.text(.welcomeTitle),
            main: """
            <h1>\(heading)</h1>
            <p class="lead">\(context.text(.welcomeLead))</p>
            \(relayHTML)
            \(next)
            """
        )
    }
}
