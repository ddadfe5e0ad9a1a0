public import Foundation

/// A visitor an app keeps data for before any sign-in (SIWA-3, AUTH-1, AUTH-3): no name, no address, only
/// the documents its app stores for it, until the visitor signs in and they move to the account
/// (``GuestStore/claimGuest(_:into:merging:at:)``).
public struct Guest: Sendable, Equatable {
    public let id: GuestID
    /// SHA-256 of the ``GuestToken``; the token itself is held only by the app.
    public let tokenHash: [UInt8]
    public let createdAt: Date
    /// When the app last used the token: a guest unseen for ``Guests/inactivityLimit`` is deleted.
    public var lastSeenAt: Date

    public init(id: GuestID = .random(), tokenHash: [UInt8], createdAt: Date, lastSeenAt: Date) {
        self.id = id
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }
}
