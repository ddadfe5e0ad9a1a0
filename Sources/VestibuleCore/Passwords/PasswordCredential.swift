public import Foundation

/// An account's password, as stored: an Argon2id PHC string, never the password.
///
/// The password's email lives in the account's ``SignInMethod/password`` ``Identity`` (its normalized
/// address is the subject). Whether that address is proven to receive mail lives here, in ``verifiedAt``:
/// it is a property of signing in with a password, not of the account (an account made with Sign in with
/// Apple has an address Apple vouches for, and no password).
public struct PasswordCredential: Sendable, Equatable {
    public let accountID: AccountID
    /// The Argon2id hash in PHC form (`$argon2id$v=19$m=…`).
    public var passwordHash: String
    /// When the person entered the code mailed to the address; `nil` until then, and an unverified
    /// credential cannot sign in.
    public var verifiedAt: Date?
    /// When the hash last changed (set, changed, reset or rehashed).
    public var updatedAt: Date

    public init(accountID: AccountID, passwordHash: String, verifiedAt: Date? = nil, updatedAt: Date) {
        self.accountID = accountID
        self.passwordHash = passwordHash
        self.verifiedAt = verifiedAt
        self.updatedAt = updatedAt
    }
}
