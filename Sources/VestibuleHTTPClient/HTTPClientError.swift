/// Why an HTTP exchange produced no response.
///
/// A response with any status, 4xx and 5xx included, is not an error: it is returned. The message names the
/// method, the origin (`https://appleid.apple.com`) and libcurl's explanation; never the path or query, the
/// header values or the body, which can carry codes, tokens and client secrets.
public struct HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A comparable cause; new codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// The request cannot be sent as given: not an http(s) URL, credentials in the URL, a header field with
        /// a line break. Nothing was sent.
        public static let invalidRequest = Code(name: "invalidRequest")
        /// The name did not resolve, the connection was refused or broke, or the server's answer was not HTTP.
        public static let connection = Code(name: "connection")
        /// The connection or the whole exchange took longer than the client's timeouts.
        public static let timeout = Code(name: "timeout")
        /// TLS could not be established: certificate not trusted or not for this host, handshake failed.
        public static let tls = Code(name: "tls")
        /// The response body is larger than the client's limit; it was not read to the end.
        public static let responseTooLarge = Code(name: "responseTooLarge")
        /// libcurl failed on this machine (allocation, initialization).
        public static let library = Code(name: "library")

        public var description: String { name }
    }

    public let code: Code
    /// What failed, for operators.
    public let message: String
    /// libcurl's `CURLcode`, when libcurl reported the failure.
    public let curlCode: Int?

    public init(_ code: Code, _ message: String, curlCode: Int? = nil) {
        self.code = code
        self.message = message
        self.curlCode = curlCode
    }

    public var description: String {
        "\(code): \(message)" + (curlCode.map { " (curl \($0))" } ?? "")
    }
}
