import Dispatch
public import VestibuleLogging

/// Sends mail in the background, one message at a time, so a request never waits on (or reveals by its
/// timing) a slow SMTP server. Failures are logged without the message's contents, which carry codes.
public final class MailQueue: Sendable {
    private let mailer: any Mailer
    private let queue = DispatchQueue(label: "vestibule.mail", qos: .utility)
    private let logger: Logger
    private let deliveryNote: String?

    /// - Parameter deliveryNote: logged after each message the mailer took, when the reader of the log must
    ///   be told where it went: in development, the outbox page ("mail is in http://localhost:8080/dev/outbox").
    public init(mailer: any Mailer, logger: Logger, deliveryNote: String? = nil) {
        self.mailer = mailer
        self.logger = logger
        self.deliveryNote = deliveryNote
    }

    public func enqueue(_ message: EmailMessage) {
        queue.async { [mailer, logger, deliveryNote] in
            do {
                try mailer.send(message)
                // The note alone: a subject can carry the code it mails ("123456 is your code").
                if let deliveryNote { logger.notice(deliveryNote) }
            } catch {
                logger.error("Could not send an email", ["error": "\(error)"])
            }
        }
    }

    /// Waits until every message enqueued so far has been handed to the mailer (tests; shutdown).
    public func drain() {
        queue.sync {}
    }
}
