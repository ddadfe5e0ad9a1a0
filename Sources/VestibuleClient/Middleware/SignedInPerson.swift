public import VestibuleAPI

/// Who is behind a request, as ``RequestAuthenticator`` found out.
public struct SignedInPerson: Sendable, Equatable {
    /// The account ID: the same for every way the person signs in.
    public let accountID: String
    /// `apple`, `passkey` or `password`: how this session was signed in.
    public let signedInWith: String?
    /// Vestibule's answer about the session, when the request carried a session (token or cookie): name, email,
    /// methods, whether the data policy's required fields are there.
    public let session: SessionReply?
    /// The verified token, when the request carried an access token (checked offline; no call to Vestibule).
    public let accessToken: VerifiedAccessToken?

    init(session: SessionReply) {
        accountID = session.accountID
        signedInWith = session.signedInWith
        self.session = session
        accessToken = nil
    }

    init(accessToken: VerifiedAccessToken) {
        accountID = accessToken.accountID
        signedInWith = accessToken.methods.first
        session = nil
        self.accessToken = accessToken
    }
}
