/// One plain-text email from the sign-in service to one person.
///
/// The subject and body may hold any Unicode text; rendering encodes them (RFC 2047 encoded-words for the
/// subject, quoted-printable UTF-8 for the body). A line break in `to` or `subject` is refused when the message
/// is rendered, so no caller can add a header field.
public struct EmailMessage: Sendable, Equatable {
    /// The recipient's address, `name@example.com` (no display name).
    public var to: String
    public var subject: String
    /// The body; line breaks may be `\n`, `\r\n` or `\r` and are sent as CRLF.
    public var textBody: String

    public init(to: String, subject: String, textBody: String) {
        self.to = to
        self.subject = subject
        self.textBody = textBody
    }
}

extension EmailMessage {
    /// Throws unless the message can be rendered safely: a plain address in `to`, no control characters in
    /// the subject. Errors never quote the subject or body (they may hold a code).
    func validate() throws(MailError) {
        _ = try MailAddress(validating: to, role: "recipient")
        if subject.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\t" }) {
            throw MailError(.invalidMessage, "the subject contains a line break or another control character")
        }
    }
}
