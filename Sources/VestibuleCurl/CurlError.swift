internal import CCurl

/// A libcurl call that failed, with libcurl's result code (`CURLcode`) and its explanation.
///
/// The modules built on libcurl turn it into their own errors (`MailError`, `HTTPClientError`), classifying it
/// by ``step`` and ``code``. The message is libcurl's, which names hosts and ports but none of the options'
/// values: no URL path, password or body.
public struct CurlError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which part of using libcurl failed; new steps may be added.
    public struct Step: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// libcurl failed on this machine: initialization, or an allocation for a handle or a list.
        public static let library = Step(name: "library")
        /// libcurl refused an option or an information request, usually one this libcurl build does not know.
        public static let option = Step(name: "option")
        /// The transfer ran and failed: name resolution, connection, TLS, the server's answer, a callback.
        public static let transfer = Step(name: "transfer")

        public var description: String { name }
    }

    public let step: Step
    /// libcurl's result code; nil when the failing call returns none (an allocation that returned NULL).
    public let code: Code?
    /// What failed, in libcurl's words where it gave any.
    public let message: String
    /// The server's last reply code after a failed transfer (an SMTP 550, an HTTP status), when it sent one.
    public let responseCode: Int?

    init(_ step: Step, _ message: String, code: CURLcode? = nil, responseCode: Int? = nil) {
        self.step = step
        self.code = code.map(Code.init)
        self.message = message
        self.responseCode = responseCode
    }

    public var description: String {
        "\(step): \(message)" + (code.map { " (curl \($0))" } ?? "")
    }
}
