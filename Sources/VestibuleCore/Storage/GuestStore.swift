public import Foundation

/// Guests: people an app keeps documents for before they sign in, found by the hash of their token, claimed
/// into an account at sign-in, deleted when abandoned.
public protocol GuestStore: Sendable {
    func insertGuest(_ guest: Guest) throws(StoreError)
    /// The guest whose token hashes to `tokenHash`, or `nil`.
    func guest(tokenHash: [UInt8]) throws(StoreError) -> Guest?
    /// Moves the guest's last activity forward to `date`. Returns whether the guest exists.
    @discardableResult
    func recordGuestActivity(id: GuestID, at date: Date) throws(StoreError) -> Bool
    /// Deletes every guest last seen before `cutoff`, with its documents. Returns how many.
    @discardableResult
    func deleteGuests(lastSeenBefore cutoff: Date) throws(StoreError) -> Int
    /// Deletes every guest that holds documents, was last seen before `cutoff`, and was never seen more than
    /// `period` after its creation (made, used at once, never again), with its documents. Returns how many.
    @discardableResult
    func deleteAbandonedGuests(lastSeenBefore cutoff: Date, usedOnlyWithin period: TimeInterval)
        throws(StoreError) -> Int
    /// Moves the guest's documents into the account, reconciling namesakes by `rule`, and deletes the guest,
    /// in one transaction that locks the account, then the guest: a concurrent write to the guest's documents
    /// lands before the move (and moves) or fails after it, never in between. Fails with `.notFound` when the
    /// guest or the account is gone.
    func claimGuest(_ guestID: GuestID, into accountID: AccountID, merging rule: DocumentMergeRule, at date: Date)
        throws(StoreError) -> GuestClaim
}
