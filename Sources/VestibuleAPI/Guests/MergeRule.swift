/// What happens when a guest's document meets an account's document of the same name (`docs/api.md`,
/// "Merge rules"). Documents without a namesake simply move.
public enum MergeRule: String, Codable, Sendable, CaseIterable {
    /// The account's stays; the guest's is kept as `<name>.guest` (or `.guest-2`, …). The default.
    case keepBoth
    /// The account's stays; the guest's is discarded.
    case preferAccount
    /// The guest's replaces it, as the account's version + 1.
    case preferGuest
    /// The one written later (`updatedAt`) wins, the guest's on a tie; a guest's win is the account's version + 1.
    case lastWriter
}
