/// A sign-in or registration that succeeded (passkey or Sign in with Apple): who, and where a browser goes next.
public struct CeremonyReply: Codable, Sendable, Equatable {
    public let accountID: String
    /// `/continue`, `/welcome` for a new account, `/account?notice=…` after adding a method.
    public let redirect: String
    /// The new session's token, when the request asked for ``SessionDelivery/token``.
    public var sessionToken: String?

    public init(accountID: String, redirect: String, sessionToken: String? = nil) {
        self.accountID = accountID
        self.redirect = redirect
        self.sessionToken = sessionToken
    }
}
