/// Something that delivers emails: ``SMTPMailer`` in production, ``OutboxMailer`` in development.
///
/// `send` blocks until the message is delivered or refused (an SMTP exchange takes up to the configured
/// timeout). Callers run it off Swift's cooperative pool, on a thread of their own.
public protocol Mailer: Sendable {
    func send(_ message: EmailMessage) throws(MailError)
}
