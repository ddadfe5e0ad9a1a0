/// What claiming a guest did with its documents. Each of the guest's documents is counted exactly once.
public struct GuestClaim: Sendable, Equatable, Codable {
    /// Documents that moved under their own name (the account had none by that name), keeping their version.
    public var moved: Int
    /// The names under which colliding documents were kept beside the account's (``DocumentMergeRule/keepBoth``):
    /// `cart.guest`, `cart.guest-2`, …
    public var renamed: [String]
    /// Guest documents that replaced the account's document of the same name.
    public var replaced: Int
    /// Guest documents dropped because the account's document of the same name was kept instead.
    public var discarded: Int

    public init(moved: Int = 0, renamed: [String] = [], replaced: Int = 0, discarded: Int = 0) {
        self.moved = moved
        self.renamed = renamed
        self.replaced = replaced
        self.discarded = discarded
    }
}
