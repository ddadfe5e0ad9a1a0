/// The reply of `GET /api/v1/session`: who is signed in, and how.
///
/// Methods and dates are the server's strings (`apple`, `passkey`, `password`; ISO 8601), so a client built
/// today still reads a reply that names a method added later.
public struct SessionReply: Codable, Sendable, Equatable {
    /// One Sign in with Apple linked to the account.
    public struct AppleIdentity: Codable, Sendable, Equatable {
        /// Whether the account's email is a private relay address (from Apple's claim).
        public let isPrivateEmail: Bool
        /// `off` after Apple's `email-disabled`: mail to the relay address does not reach the person (SIWA-12).
        public let emailForwarding: String
        /// ISO 8601; absent while forwarding is on.
        public let forwardingDisabledAt: String?

        public init(isPrivateEmail: Bool, emailForwarding: String, forwardingDisabledAt: String?) {
            self.isPrivateEmail = isPrivateEmail
            self.emailForwarding = emailForwarding
            self.forwardingDisabledAt = forwardingDisabledAt
        }
    }

    public let accountID: String
    public let displayName: String?
    public let email: String?
    /// The method this session was started with (SIWA-8).
    public let signedInWith: String
    /// ISO 8601: when the session ends at the latest.
    public let expiresAt: String
    /// Every way this account can sign in.
    public let methods: [String]
    public let apple: [AppleIdentity]
    /// Whether the account has every required field of the data policy; optional fields never count.
    public let complete: Bool
    /// The names of the required fields it lacks.
    public let missingFields: [String]

    public init(
        accountID: String, displayName: String?, email: String?, signedInWith: String, expiresAt: String,
        methods: [String], apple: [AppleIdentity], complete: Bool, missingFields: [String]
    ) {
        self.accountID = accountID
        self.displayName = displayName
        self.email = email
        self.signedInWith = signedInWith
        self.expiresAt = expiresAt
        self.methods = methods
        self.apple = apple
        self.complete = complete
        self.missingFields = missingFields
    }
}
