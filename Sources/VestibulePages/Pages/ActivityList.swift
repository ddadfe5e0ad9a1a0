package import VestibuleCore
package import VestibuleHTML
import VestibuleLocalization

/// "Recent activity" (SIWA-14): the account's audit trail as its person reads it, one item per event with when,
/// on what device and from which network; on the account page with "This wasn't me", and in "Your data".
package enum ActivityList {
    /// The events the account page shows; "Your data" and its export show all that are kept.
    static let accountPageLength = 8

    /// The heading, its lead, the events and "This wasn't me".
    static func accountSection(_ events: [AuditEvent], retentionDays: Int, appName: (String) -> String, in context: PageContext) -> HTML {
        """
        <section aria-labelledby="activity-heading" data-activity>
        <h2 id="activity-heading">\(context.text(.activityHeading))</h2>
        <p>\(context.text(.activityLead, ["days": String(retentionDays)]))</p>
        \(list(events, appName: appName, in: context))
        <p>\(context.text(.activityNotMeLead))</p>
        <form method="post" action="/account/not-me">\(context.csrfField)\
        <button class="button button-secondary" type="submit">\(context.text(.activityNotMe))</button></form>
        </section>
        """
    }

    package static func list(_ events: [AuditEvent], appName: (String) -> String, in context: PageContext) -> HTML {
        guard !events.isEmpty else { return "<p>\(context.text(.activityNone))</p>" }
        return "<ul class=\"item-list\">\(events.map { item($0, appName: appName, in: context) })</ul>"
    }

    private static func item(_ event: AuditEvent, appName: (String) -> String, in context: PageContext) -> HTML {
        let failed: HTML = event.outcome == .failed ? " data-failed" : ""
        let device: HTML = event.userAgent.map {
            "<p class=\"item-meta\"><bdi>\(context.deviceName(userAgent: $0))</bdi></p>"
        } ?? ""
        let network: HTML = event.clientAddress.map {
            "<p class=\"item-meta\">\(context.text(.activityFrom, isolating: "network", $0))</p>"
        } ?? ""
        let byOperator: HTML = event.operatorID == nil ? "" : "<p class=\"item-meta\">\(context.text(.activityByOperator))</p>"
        return """
        <li class="item"\(failed)><p class="item-title">\(title(of: event, appName: appName, in: context))</p>\
        <p class="item-meta">\(AccountPage.format(event.occurredAt, context))</p>\(byOperator)\(device)\(network)</li>
        """
    }

    private static func title(of event: AuditEvent, appName: (String) -> String, in context: PageContext) -> HTML {
        let name = event.detail ?? ""
        let app = appName(event.appID ?? "")
        switch event.kind {
        case .signIn:
            let succeeded = event.outcome == .succeeded
            let key: TextKey = switch event.method {
            case .passkey: succeeded ? .activitySignInPasskey : .activitySignInFailedPasskey
            case .apple: succeeded ? .activitySignInApple : .activitySignInFailedApple
            case .password, nil: succeeded ? .activitySignInPassword : .activitySignInFailedPassword
            }
            return HTML(text: context.text(key))
        case .passkeyAdded: return context.text(.activityPasskeyAdded, isolating: "name", name)
        case .passkeyRenamed: return context.text(.activityPasskeyRenamed, isolating: "name", name)
        case .passkeyRemoved: return context.text(.activityPasskeyRemoved, isolating: "name", name)
        case .consentGiven: return context.text(.activityConsentGiven, isolating: "app", app)
        case .consentRevoked: return context.text(.activityConsentRevoked, isolating: "app", app)
        case .signUp: return HTML(text: context.text(.activitySignUp))
        case .emailVerified: return HTML(text: context.text(.activityEmailVerified))
        case .passwordChanged: return HTML(text: context.text(.activityPasswordChanged))
        case .passwordReset: return HTML(text: context.text(.activityPasswordReset))
        case .appleLinked: return HTML(text: context.text(.activityAppleLinked))
        case .appleUnlinked: return HTML(text: context.text(.activityAppleUnlinked))
        case .appleNotification: return HTML(text: context.text(.activityAppleNotification))
        case .signedOut: return HTML(text: context.text(.activitySignedOut))
        case .sessionRevoked: return HTML(text: context.text(.activitySessionRevoked))
        case .signedOutEverywhere: return HTML(text: context.text(.activitySignedOutEverywhereEvent))
        case .accountDeleted: return HTML(text: context.text(.activityAccountDeleted))
        case .accountDisabled: return HTML(text: context.text(.activityAccountDisabled))
        case .accountEnabled: return HTML(text: context.text(.activityAccountEnabled))
        case .operatorAdded: return HTML(text: context.text(.activityOperatorAdded))
        case .operatorRemoved: return HTML(text: context.text(.activityOperatorRemoved))
        case .recoveryLinkSent: return HTML(text: context.text(.activityRecoveryLinkSent))
        case .recoveryLinkUsed:
            return event.method == .passkey
                ? context.text(.activityRecoveredWithPasskey, isolating: "name", name)
                : HTML(text: context.text(.activityRecoveredWithPassword))
        }
    }
}
