/// What removing one sign-in method from an account did (deleting a passkey, unlinking Apple).
public enum SignInMethodRemoval: Sendable, Equatable {
    case deleted
    /// The account has no such method.
    case notFound
    /// It is the account's only way to sign in, so it was kept: removing it would lock the owner out.
    case lastSignInMethod
}
