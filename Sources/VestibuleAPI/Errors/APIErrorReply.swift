/// The body of every refusal: `{"error": "challengeUnknown", "message": "That didn't work. …"}`.
///
/// `error` is for programs and never changes; `message` is for people, in the caller's language
/// (`Accept-Language`). A 412 carries one member more: ``VersionMismatchReply``.
public struct APIErrorReply: Codable, Sendable, Equatable {
    public let error: APIErrorCode
    public let message: String

    public init(error: APIErrorCode, message: String) {
        self.error = error
        self.message = message
    }
}
