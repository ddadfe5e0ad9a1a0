/// A failure to build or deliver an email.
///
/// Messages name the operation and the server's or libcurl's own explanation, never a password, a code or
/// the text of the email.
public struct MailError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// The message cannot be sent as given: a line break in a header field, an address that is not one.
        public static let invalidMessage = Code(name: "invalidMessage")
        /// The mailer's configuration is unusable: an unsupported URL scheme, credentials in the URL.
        public static let configuration = Code(name: "configuration")
        /// The server could not be reached, or the connection broke or timed out.
        public static let connection = Code(name: "connection")
        /// The server refused the username or password.
        public static let authentication = Code(name: "authentication")
        /// The server refused the sender, a recipient or the message.
        public static let rejected = Code(name: "rejected")
        /// TLS could not be established: STARTTLS not offered, certificate not trusted, handshake failed.
        public static let tls = Code(name: "tls")
        /// A local read or write failed (the outbox folder, the upload of the message).
        public static let io = Code(name: "io")

        public var description: String { name }
    }

    public let code: Code
    /// What failed, for operators. Never contains secrets.
    public let message: String
    /// libcurl's `CURLcode`, when libcurl reported the failure.
    public let curlCode: Int?
    /// The SMTP server's last reply code (535, 550, …), when it sent one.
    public let smtpReplyCode: Int?
    /// `errno`, when a system call failed.
    public let errnoCode: Int32?

    public init(
        _ code: Code, _ message: String, curlCode: Int? = nil, smtpReplyCode: Int? = nil, errnoCode: Int32? = nil
    ) {
        self.code = code
        self.message = message
        self.curlCode = curlCode
        self.smtpReplyCode = smtpReplyCode
        self.errnoCode = errnoCode
    }

    public var description: String {
        var parts: [String] = []
        if let curlCode { parts.append("curl \(curlCode)") }
        if let smtpReplyCode { parts.append("smtp \(smtpReplyCode)") }
        if let errnoCode { parts.append("errno \(errnoCode)") }
        return "\(code): \(message)" + (parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))")
    }
}
