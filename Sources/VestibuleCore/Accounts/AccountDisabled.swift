/// A sign-in to an account an operator turned off: refused, whichever method proved the person.
public struct AccountDisabled: Error, Sendable, Equatable {
    public let accountID: AccountID

    public init(accountID: AccountID) {
        self.accountID = accountID
    }
}
