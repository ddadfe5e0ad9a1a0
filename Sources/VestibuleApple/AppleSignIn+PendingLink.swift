public import Foundation
public import VestibuleCore

/// The web flow's ``AppleSignIn/Outcome/accountExists(email:pendingLink:)``: the owner of the matched account,
/// signed in, sees what would be added and says yes or no. A waiting link that is not this browser's and this
/// account's is discarded the moment it is presented.
extension AppleSignIn {
    /// How long a link waits: long enough to sign in, or to reset a forgotten password first.
    public static let pendingLinkLifetime: TimeInterval = 900

    func savePendingLink(_ link: PendingAppleLink) throws -> String {
        try steps.save(link, kind: Self.linkKind, lifetime: Self.pendingLinkLifetime)
    }

    /// The email of the Apple ID waiting under `handle` for this browser and, once signed in, this account: to
    /// ask the owner to sign in, then whether to add it; `nil` when none waits for them (unknown, used, expired,
    /// or another browser's or account's).
    public func pendingLinkEmail(handle: String, visitor: String, account: AccountID?) throws -> String? {
        guard let link = try steps.read(PendingAppleLink.self, kind: Self.linkKind, handle: handle) else { return nil }
        guard link.waitsIn(visitor: visitor), account.map({ $0 == link.accountID }) ?? true else {
            try discardPendingLink(handle: handle)
            return nil
        }
        return link.authorization.email
    }

    /// The owner's yes: adds the Apple ID waiting under `handle`, once, to `account`, only when it waits for this
    /// browser and that account. `nil` when nothing was added; the link is gone either way.
    public func confirmPendingLink(handle: String, visitor: String, account: AccountID) throws -> Outcome? {
        guard let link = try steps.consume(PendingAppleLink.self, kind: Self.linkKind, handle: handle),
              link.isFor(visitor: visitor, account: account)
        else { return nil }
        return try conclude(link.authorization, purpose: .link(account), visitor: nil)
    }

    /// The owner's "Not now", or a link nobody may use: it is gone.
    public func discardPendingLink(handle: String) throws {
        _ = try steps.consume(PendingAppleLink.self, kind: Self.linkKind, handle: handle)
    }
}
