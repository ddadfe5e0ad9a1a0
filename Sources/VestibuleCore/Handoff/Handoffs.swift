public import Foundation
import VestibuleCrypto

/// The hand-off's steps, each a single-use ``PendingStep`` found by a random handle:
///
/// 1. ``begin(_:)``: the app's server asks; the code goes into the URL the browser opens.
/// 2. ``open(code:)``: the browser opens it; the hand-off is kept under a new handle, in a cookie, so the
///    URL (in the history, in logs) is worthless afterwards.
/// 3. ``claimGuest(handle:into:)``: at a sign-in made while the hand-off is pending, by whatever method, the
///    guest's documents move to the account.
/// 4. ``finish(handle:session:confirmed:)``: back to the app with a one-time code, valid for two minutes. A
///    person who was signed in already when the link opened must confirm first: a link anyone can send must not
///    carry someone's account to an app, or an app's guest into someone's account, on a GET.
/// 5. ``exchange(code:exchangeKey:appID:)``: the app's server turns the code, with its exchange key and its own
///    app key, into a grant.
public struct Handoffs: Sendable {
    /// From the app's request to the person's return: time to sign up, confirming an address by mail.
    public static let lifetime: TimeInterval = 1_800
    static let codeLifetime: TimeInterval = 120

    private enum Kind {
        static let requested = "handoff"
        static let opened = "handoff-browser"
        static let granted = "handoff-code"
    }

    private let steps: PendingSteps
    private let guests: Guests

    public init(steps: PendingSteps, guests: Guests) {
        self.steps = steps
        self.guests = guests
    }

    /// Keeps the hand-off `app` asked for and returns the code for its URL and the key the app exchanges the
    /// final code with. Only the key's hash is kept.
    /// - Precondition: `returnTo` is one of the app's return addresses.
    public func begin(
        for app: RegisteredApp, returnTo: String, mode: Handoff.Mode, name: String?, email: String?, guestID: GuestID?
    ) throws -> (code: String, exchangeKey: String) {
        let exchangeKey = SecureRandom.token()
        let handoff = Handoff(
            appID: app.id, returnTo: returnTo, mode: mode, merge: app.mergeRule, name: name, email: email,
            guestID: guestID, exchangeKeyHash: SHA2.sha256(exchangeKey)
        )
        return (try steps.save(handoff, kind: Kind.requested, lifetime: Self.lifetime), exchangeKey)
    }

    /// The hand-off the URL's code names, now kept under the returned handle (for a cookie); `nil` when the code
    /// is unknown, used or expired.
    public func open(code: String) throws -> (handle: String, handoff: Handoff)? {
        guard let handoff = try steps.consume(Handoff.self, kind: Kind.requested, handle: code) else { return nil }
        return (try steps.save(handoff, kind: Kind.opened, lifetime: Self.lifetime), handoff)
    }

    /// The browser's pending hand-off, left in place.
    public func pending(handle: String) throws -> Handoff? {
        try steps.read(Handoff.self, kind: Kind.opened, handle: handle)
    }

    /// At sign-in, by whatever method: moves the hand-off's guest into the account by its merge rule. Returns
    /// what moved; `nil` without a pending hand-off or a guest to claim.
    @discardableResult
    public func claimGuest(handle: String, into accountID: AccountID) throws -> GuestClaim? {
        guard var handoff = try steps.consume(Handoff.self, kind: Kind.opened, handle: handle) else { return nil }
        let claim = try claim(&handoff, into: accountID)
        try steps.save(handoff, kind: Kind.opened, handle: handle, lifetime: Self.lifetime)
        return claim
    }

    /// Ends the browser's hand-off for the signed-in `session` and returns where the browser goes: to the app
    /// with a fresh one-time code when the person signed in with this hand-off pending, or has just `confirmed`
    /// (their guest is claimed then); otherwise the hand-off is kept and waits for that confirmation.
    public func finish(handle: String, session: Session, confirmed: Bool) throws -> HandoffContinuation {
        guard var handoff = try steps.consume(Handoff.self, kind: Kind.opened, handle: handle) else { return .none }
        if handoff.accountID == nil, !confirmed {
            try steps.save(handoff, kind: Kind.opened, handle: handle, lifetime: Self.lifetime)
            return .needsConfirmation(handoff)
        }
        try claim(&handoff, into: session.accountID)
        guard handoff.accountID == session.accountID, var destination = URLComponents(string: handoff.returnTo) else {
            return .none
        }
        let grant = HandoffGrant(
            accountID: session.accountID, method: session.method, appID: handoff.appID,
            exchangeKeyHash: handoff.exchangeKeyHash
        )
        let code = try steps.save(grant, kind: Kind.granted, lifetime: Self.codeLifetime)
        destination.queryItems = (destination.queryItems ?? []) + [URLQueryItem(name: "code", value: code)]
        return destination.url.map(HandoffContinuation.returnTo) ?? .none
    }

    /// Drops the browser's pending hand-off: the person declined to continue to the app.
    public func cancel(handle: String) throws {
        _ = try steps.consume(Handoff.self, kind: Kind.opened, handle: handle)
    }

    /// Records the account the hand-off belongs to (the first that signs in with it: the guest's documents go
    /// there) and claims its guest. A guest that is gone (claimed by its app meanwhile, or expired) never stops
    /// the sign-in: there is nothing left to move.
    @discardableResult
    private func claim(_ handoff: inout Handoff, into accountID: AccountID) throws(StoreError) -> GuestClaim? {
        guard handoff.accountID == nil || handoff.accountID == accountID else { return nil }
        handoff.accountID = accountID
        guard let guestID = handoff.guestID else { return nil }
        handoff.guestID = nil
        do {
            return try guests.claim(guestID, into: accountID, merging: handoff.merge)
        } catch where error.code == .notFound {
            return nil
        }
    }

    /// The grant for a code that the app `appID` presents with its exchange key; `nil` when the code is
    /// unknown, used or expired, was granted to another app, or the exchange key is not the one that asked.
    /// Either way the code is used up.
    public func exchange(code: String, exchangeKey: String, appID: String) throws -> HandoffGrant? {
        guard let grant = try steps.consume(HandoffGrant.self, kind: Kind.granted, handle: code),
              grant.appID == appID,
              ConstantTime.equals(SHA2.sha256(exchangeKey), grant.exchangeKeyHash)
        else { return nil }
        return grant
    }
}
