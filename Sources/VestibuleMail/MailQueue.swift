import Dispatch
public import VestibuleLogging

/// Sends mail in the background, one message at a time, so a request never waits on (or reveals by its
/// timing) a slow SMTP server. Failures are logged without the message's contents, which carry codes.
public final class MailQueue: Sendable {
    private let mailer: any Mailer
    private let queue = DispatchQueue(label: "vestibule.mail", qos: .utility)
    private let logger: Logger

    public init(mailer: any Mailer, logger: Logger) {
        self.mailer = mailer
        self.logger = logger
    }

    public func enqueue(_ message: EmailMessage) {
        queue.async { [mailer, logger] in
            do { try mailer.send(message) } catch {
                logger.error("Could not send an email", ["error": "\(error)"])
            }
        }
    }

    /// Waits until every message enqueued so far has been handed to the mailer (tests; shutdown).
    public func drain() {
        queue.sync {}
    }
}
