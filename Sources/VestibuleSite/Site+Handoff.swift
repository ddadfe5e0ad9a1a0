package import VestibuleCore
package import VestibuleHTTP

/// The browser's pending hand-off from another app, as every sign-in sees it, by page or by API.
extension Site {
    /// At every sign-in (``startSession(_:method:visitor:request:on:)``), by any method: the guest of the
    /// browser's pending hand-off moves into the account. A failure is logged and never stops the sign-in: the
    /// guest then keeps its documents, and `/continue` tries again.
    package func claimHandoffGuest(into accountID: AccountID, request: Request) {
        guard let handle = handoffCookie.value(in: request) else { return }
        do {
            if let claim = try services.handoffs.claimGuest(handle: handle, into: accountID) {
                logger.info(
                    "A guest's documents moved to the account",
                    ["moved": String(claim.moved), "renamed": String(claim.renamed.count),
                     "replaced": String(claim.replaced), "discarded": String(claim.discarded)]
                )
            }
        } catch {
            logger.warning("A hand-off's guest could not be claimed at sign-in", ["error": "\(error)"])
        }
    }

    /// The browser's pending hand-off and the app that asked, which the pages name ("Continue to Vestibule
    /// Books"); `nil` without one, or when the app is no longer registered.
    package func pendingHandoff(_ request: Request) throws -> (app: RegisteredApp, handoff: Handoff)? {
        guard let handle = handoffCookie.value(in: request), let handoff = try services.handoffs.pending(handle: handle),
              let app = configuration.apps.app(id: handoff.appID)
        else { return nil }
        return (app, handoff)
    }

    /// A passkey sign-up brings no email address. With a hand-off pending, the address its app handed over is
    /// kept as the app's and unconfirmed (``HandedOverEmail``), so that what the app told its visitor ("we pass
    /// on your email") is true, while nothing treats the address as the person's own.
    package func keepHandedOverEmail(for accountID: AccountID, request: Request) throws {
        guard let (app, handoff) = try pendingHandoff(request), let address = handoff.email,
              var account = try services.store.account(id: accountID), account.email == nil
        else { return }
        account.handedOverEmail = HandedOverEmail(address: address, appID: app.id)
        try services.store.updateAccount(account)
    }

    /// Whether the browser has a hand-off pending: its sign-in ends at `/continue`.
    package func hasPendingHandoff(_ request: Request) throws -> Bool {
        guard let handle = handoffCookie.value(in: request) else { return false }
        return try services.handoffs.pending(handle: handle) != nil
    }
}
