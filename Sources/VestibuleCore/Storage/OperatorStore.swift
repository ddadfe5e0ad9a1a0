public import Foundation

/// Who may use the operator console, and the one-time links that make the first operator.
public protocol OperatorStore: Sendable {
    /// Makes the account an operator; adding one twice keeps the first date. Fails with `.notFound` when the
    /// account does not exist.
    func addOperator(_ accountID: AccountID, at date: Date) throws(StoreError)
    /// Returns whether the account was an operator.
    @discardableResult
    func removeOperator(_ accountID: AccountID) throws(StoreError) -> Bool
    func isOperator(_ accountID: AccountID) throws(StoreError) -> Bool
    /// Every operator's account and when it became one, oldest first.
    func operators() throws(StoreError) -> [(account: Account, since: Date)]

    /// Keeps the hash of a one-time operator link for the account with `email` until `expiresAt`.
    func insertOperatorInvitation(tokenHash: [UInt8], email: String, expiresAt: Date) throws(StoreError)
    /// Deletes the invitation whose token hashes to `tokenHash` and returns the email it was made for when it was
    /// there and unexpired at `now`: a link works once.
    func consumeOperatorInvitation(tokenHash: [UInt8], now: Date) throws(StoreError) -> String?
}
