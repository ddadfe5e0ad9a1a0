/// How a guest's document and the account's document of the same name are reconciled when the guest signs
/// in (the app chooses; `docs/api.md`, "Merge rules"). Documents without a namesake simply move.
public enum DocumentMergeRule: String, Sendable, Codable, CaseIterable {
    /// Both are kept: the account's as it is, the guest's under the first free name of `<name>.guest`,
    /// `<name>.guest-2`, …
    case keepBoth
    /// The account's is kept; the guest's is discarded.
    case preferAccount
    /// The guest's replaces the account's, as the account's next version.
    case preferGuest
    /// The one written later wins (the guest's on a tie), as the account's next version when it is the guest's.
    case lastWriter

    public static let `default` = DocumentMergeRule.keepBoth
}
