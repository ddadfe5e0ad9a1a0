public import VestibuleAPI

/// Why a call to Vestibule did not give what was asked for.
///
/// The description names the call (`PUT /api/v1/documents/cart`), the status and Vestibule's error code; never
/// a token, a code or a document, which the request and the reply carry.
public struct VestibuleClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A comparable cause; new codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// No answer: Vestibule is down, unreachable or too slow.
        public static let unreachable = Code(name: "unreachable")
        /// The guest or the session is not (or no longer) valid: `401 signInRequired`.
        public static let signInRequired = Code(name: "signInRequired")
        /// The document is not at the version the write expected (`412`): read it again, apply the change to
        /// what is there, write with the new version. ``VestibuleClientError/currentVersion`` says which it is.
        public static let versionMismatch = Code(name: "versionMismatch")
        /// Nothing by that name (`404`): a document, or a guest to claim.
        public static let notFound = Code(name: "notFound")
        /// Vestibule refused the request (another 4xx), for the reason in ``VestibuleClientError/apiError``.
        public static let refused = Code(name: "refused")
        /// The request could not be made: a document name the API refuses, a value that is not JSON. Nothing was
        /// sent.
        public static let invalidRequest = Code(name: "invalidRequest")
        /// A 5xx, or a reply that is not what the API documents.
        public static let unexpectedReply = Code(name: "unexpectedReply")

        public var description: String { name }
    }

    public let code: Code
    /// The HTTP status of Vestibule's answer, when there was one.
    public let status: Int?
    /// Vestibule's `error` value (`returnToNotAllowed`, `tooLarge`, …), when it sent one.
    public let apiError: APIErrorCode?
    /// For ``Code/versionMismatch``: the version stored now, `nil` when the document is gone.
    public let currentVersion: Int?
    let call: String

    init(
        _ code: Code, call: String, status: Int? = nil, apiError: APIErrorCode? = nil, currentVersion: Int? = nil
    ) {
        self.code = code
        self.call = call
        self.status = status
        self.apiError = apiError
        self.currentVersion = currentVersion
    }

    public var description: String {
        "\(code): \(call)" + (status.map { " answered \($0)" } ?? "") + (apiError.map { " (\($0))" } ?? "")
    }
}
