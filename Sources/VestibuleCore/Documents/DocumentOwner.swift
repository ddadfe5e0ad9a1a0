/// Whose a document is: an account's, or a guest's until the guest signs in. Exactly one, never both.
public enum DocumentOwner: Sendable, Hashable {
    case account(AccountID)
    case guest(GuestID)
}
