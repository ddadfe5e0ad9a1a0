/// The reply of `POST /api/v1/guests/claim`: what became of each of the guest's documents, each counted once.
public struct ClaimReply: Codable, Sendable, Equatable {
    /// Moved under their own name (the account had none by it), keeping their version.
    public let moved: Int
    /// The names kept beside the account's namesakes (``MergeRule/keepBoth``): `cart.guest`, `cart.guest-2`, …
    public let renamed: [String]
    /// Replaced the account's document of the same name (``MergeRule/preferGuest``, or a later guest's under ``MergeRule/lastWriter``).
    public let replaced: Int
    /// Dropped: the account's namesake was kept instead.
    public let discarded: Int

    public init(moved: Int, renamed: [String], replaced: Int, discarded: Int) {
        self.moved = moved
        self.renamed = renamed
        self.replaced = replaced
        self.discarded = discarded
    }
}
