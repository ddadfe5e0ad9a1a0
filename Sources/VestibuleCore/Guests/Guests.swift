public import Foundation

/// Creates guests, checks their tokens, and hands their documents over to an account at sign-in.
public struct Guests: Sendable {
    /// A guest its app has not used for this long is deleted with its documents (by the janitor, and refused
    /// at once by ``authenticate(_:)``).
    public static let inactivityLimit: TimeInterval = 30 * 86_400
    /// A guest that saved documents but was never used after the hour it was made (``activityResolution``)
    /// is deleted, with its documents, once unseen this long: guests made in a burst to fill the database are
    /// gone in days, not in a month.
    public static let abandonmentLimit: TimeInterval = 2 * 86_400
    /// Last activity is written at most this often per guest, so every document read is not also a write.
    static let activityResolution: TimeInterval = 3_600

    private let store: any GuestStore
    private let clock: @Sendable () -> Date

    public init(store: any GuestStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    /// A new guest and the token its app will present; only the token's hash is stored.
    public func create() throws(StoreError) -> (guest: Guest, token: GuestToken) {
        let now = clock()
        let token = GuestToken.generate()
        let guest = Guest(tokenHash: token.hash, createdAt: now, lastSeenAt: now)
        try store.insertGuest(guest)
        return (guest, token)
    }

    /// The guest the token proves, or `nil`: unknown, claimed by an account already, or inactive too long.
    public func authenticate(_ token: GuestToken) throws(StoreError) -> Guest? {
        guard var guest = try store.guest(tokenHash: token.hash) else { return nil }
        let now = clock()
        guard now.timeIntervalSince(guest.lastSeenAt) < Self.inactivityLimit else { return nil }
        if now.timeIntervalSince(guest.lastSeenAt) >= Self.activityResolution {
            guard try store.recordGuestActivity(id: guest.id, at: now) else { return nil }
            guest.lastSeenAt = now
        }
        return guest
    }

    /// Moves the guest's documents into the account by `rule` and deletes the guest, atomically.
    /// - Throws: `StoreError` `.notFound` when the guest was claimed already or deleted, or the account is gone.
    public func claim(_ guestID: GuestID, into accountID: AccountID, merging rule: DocumentMergeRule)
        throws(StoreError) -> GuestClaim
    {
        try store.claimGuest(guestID, into: accountID, merging: rule, at: clock())
    }

    /// Deletes guests unseen for ``inactivityLimit``, and guests abandoned with documents for
    /// ``abandonmentLimit``, with their documents. Returns how many.
    @discardableResult
    public func purgeInactive() throws(StoreError) -> Int {
        let now = clock()
        let abandoned = try store.deleteAbandonedGuests(
            lastSeenBefore: now.addingTimeInterval(-Self.abandonmentLimit), usedOnlyWithin: Self.activityResolution
        )
        return abandoned + (try store.deleteGuests(lastSeenBefore: now.addingTimeInterval(-Self.inactivityLimit)))
    }
}
