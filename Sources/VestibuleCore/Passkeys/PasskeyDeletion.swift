/// What ``Store/deletePasskey(id:of:)`` did.
public enum PasskeyDeletion: Sendable, Equatable {
    case deleted
    /// The account has no passkey with that ID.
    case notFound
    /// It is the account's only way to sign in, so it was kept: deleting it would lock the owner out.
    case lastSignInMethod
}
