/// Why a call to Vestibule did not give what the bookstore asked for.
///
/// The message names the call (`PUT /api/v1/documents/cart`), the status and Vestibule's error code; never a
/// token, a code or a document, which the request and the reply carry.
public struct VestibuleClientError: Error, Sendable, CustomStringConvertible {
    /// A comparable cause; new codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// No answer: Vestibule is down, unreachable or too slow.
        public static let unreachable = Code(name: "unreachable")
        /// The guest or the session is not (or no longer) valid: `401 signInRequired`.
        public static let signInRequired = Code(name: "signInRequired")
        /// The document changed since it was read (`412 versionMismatch`), or exists already (a create).
        public static let versionMismatch = Code(name: "versionMismatch")
        /// Vestibule refused the request (another 4xx), for the reason in ``VestibuleClientError/apiError``.
        public static let refused = Code(name: "refused")
        /// The bookstore could not put its request into JSON; nothing was sent.
        public static let invalidRequest = Code(name: "invalidRequest")
        /// A 5xx, or a reply that is not what the integration API documents.
        public static let unexpectedReply = Code(name: "unexpectedReply")

        public var description: String { name }
    }

    public let code: Code
    /// The HTTP status of Vestibule's answer, when there was one.
    public let status: Int?
    /// Vestibule's `error` value (`returnToNotAllowed`, `tooLarge`, …), when it sent one.
    public let apiError: String?
    let call: String

    init(_ code: Code, call: String, status: Int? = nil, apiError: String? = nil) {
        self.code = code
        self.call = call
        self.status = status
        self.apiError = apiError
    }

    public var description: String {
        "\(code): \(call)" + (status.map { " answered \($0)" } ?? "") + (apiError.map { " (\($0))" } ?? "")
    }
}
