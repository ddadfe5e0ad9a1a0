public import Foundation
import VestibuleCrypto

/// The hand-off's steps, each a single-use ``PendingStep`` found by a random handle:
///
/// 1. ``begin(_:)``: the app's server asks; the code goes into the URL the browser opens.
/// 2. ``open(code:)``: the browser opens it; the hand-off is kept under a new handle, in a cookie, so the
///    URL (in the history, in logs) is worthless afterwards.
/// 3. ``claimGuest(handle:into:)``: at sign-in, by whatever method, the guest's documents move to the account.
/// 4. ``finish(handle:session:)``: back to the app with a one-time code, valid for two minutes.
/// 5. ``exchange(code:exchangeKey:)``: the app's server turns the code and its exchange key into a grant.
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

    /// Keeps the hand-off and returns the code for its URL and the key the app exchanges the final code with.
    /// Only the key's hash is kept.
    public func begin(
        returnTo: String, mode: Handoff.Mode, merge: DocumentMergeRule, name: String?, email: String?, guestID: GuestID?
    ) throws -> (code: String, exchangeKey: String) {
        let exchangeKey = SecureRandom.token()
        let handoff = Handoff(
            returnTo: returnTo, mode: mode, merge: merge, name: name, email: email, guestID: guestID,
            exchangeKeyHash: SHA2.sha256(exchangeKey)
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

    /// Ends the browser's hand-off for the signed-in `session`: claims the guest if that has not happened yet
    /// (the person was signed in already), then returns where to send the browser, with a fresh one-time
    /// code. `nil` when there is no hand-off pending, or it belongs to another account.
    public func finish(handle: String, session: Session) throws -> URL? {
        guard var handoff = try steps.consume(Handoff.self, kind: Kind.opened, handle: handle) else { return nil }
        try claim(&handoff, into: session.accountID)
        guard handoff.accountID == session.accountID, var destination = URLComponents(string: handoff.returnTo) else {
            return nil
        }
        let grant = HandoffGrant(
            accountID: session.accountID, method: session.method, exchangeKeyHash: handoff.exchangeKeyHash
        )
        let code = try steps.save(grant, kind: Kind.granted, lifetime: Self.codeLifetime)
        destination.queryItems = (destination.queryItems ?? []) + [URLQueryItem(name: "code", value: code)]
        return destination.url
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

    /// The grant for a code the app's server presents with its exchange key; `nil` when the code is unknown,
    /// used or expired, or the key is not the one that asked. Either way the code is used up.
    public func exchange(code: String, exchangeKey: String) throws -> HandoffGrant? {
        guard let grant = try steps.consume(HandoffGrant.self, kind: Kind.granted, handle: code),
              ConstantTime.equals(SHA2.sha256(exchangeKey), grant.exchangeKeyHash)
        else { return nil }
        return grant
    }
}
