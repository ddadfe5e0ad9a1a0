/// The reply of `POST /api/v1/handoffs/exchange`: a new session made for the app, used as
/// `Authorization: Bearer`. It acts for its person but cannot change how they sign in.
public struct ExchangeReply: Codable, Sendable, Equatable {
    public let sessionToken: String
    public let accountID: String
    /// `apple`, `passkey` or `password`: how the person signed in.
    public let signedInWith: String

    public init(sessionToken: String, accountID: String, signedInWith: String) {
        self.sessionToken = sessionToken
        self.accountID = accountID
        self.signedInWith = signedInWith
    }
}
