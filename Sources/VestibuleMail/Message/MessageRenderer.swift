import Foundation

/// Renders an ``EmailMessage`` as RFC 5322 text: the one rendering both mailers send or store.
///
/// Every header field is ASCII: the subject becomes RFC 2047 encoded-words when it holds non-ASCII text (or is
/// long), the body is UTF-8 in quoted-printable, so the message passes unchanged through servers without
/// 8BITMIME or SMTPUTF8.
struct MessageRenderer: Sendable {
    let sender: Mailbox

    init(from: String) throws(MailError) {
        sender = try Mailbox(parsing: from)
    }

    /// The whole message, headers and body, lines ending in CRLF.
    func render(_ message: EmailMessage, date: Date, messageID: String) throws(MailError) -> String {
        try message.validate()
        let fields: [(String, String)] = [
            ("Date", RFC5322Date.format(date)),
            ("From", sender.headerValue),
            ("To", message.to),
            ("Subject", Self.subjectValue(message.subject)),
            ("Message-ID", "<\(messageID)>"),
            ("MIME-Version", "1.0"),
            ("Content-Type", "text/plain; charset=utf-8"),
            ("Content-Transfer-Encoding", "quoted-printable"),
            // RFC 3834: an automatic message; auto-responders must not answer it.
            ("Auto-Submitted", "auto-generated"),
        ]
        let header = fields.map { "\($0.0): \($0.1)\r\n" }.joined()
        return header + "\r\n" + QuotedPrintable.encode(message.textBody)
    }

    /// A new globally unique Message-ID (without angle brackets) in the sender's domain.
    func newMessageID() -> String {
        "\(UUID().uuidString.lowercased()).vestibule@\(sender.address.domain)"
    }

    /// Plain ASCII subjects that fit on one line stay readable; anything else becomes encoded-words folded
    /// onto continuation lines.
    static func subjectValue(_ subject: String) -> String {
        let plain = subject.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
        if plain && !subject.contains("=?") && "Subject: ".count + subject.count <= 78 {
            return subject
        }
        return EncodedWord.encode(subject, maximumWordLength: 76 - "Subject: ".count).joined(separator: "\r\n ")
    }
}
