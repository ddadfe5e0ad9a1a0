/// Why ``RequestAuthenticator`` let a request through to no one: what to answer, and why, for the log.
public struct RequestRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// A comparable cause; new codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// No credential, a guest's, or a session that has ended: 401, sign in.
        public static let signInRequired = Code(name: "signInRequired")
        /// An access token that does not verify (expired, another API's, forged): 401.
        public static let invalidToken = Code(name: "invalidToken")
        /// Vestibule could not be asked: 503, try again later. Never a reason to let the request through.
        public static let unavailable = Code(name: "unavailable")

        public var description: String { name }
    }

    public let code: Code
    /// Short non-secret diagnostic text.
    public let reason: String

    init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// The HTTP status to answer with.
    public var status: Int { code == .unavailable ? 503 : 401 }

    /// The `WWW-Authenticate` value for a 401 (RFC 6750 §3), `nil` for a 503.
    public var wwwAuthenticate: String? {
        switch code {
        case .invalidToken: #"Bearer error="invalid_token""#
        case .signInRequired: "Bearer"
        default: nil
        }
    }

    public static func == (lhs: RequestRefusal, rhs: RequestRefusal) -> Bool { lhs.code == rhs.code }

    public var description: String { "\(code): \(reason)" }
}
