import Dispatch
public import VestibuleLogging
public import VestibuleMetrics

/// Sends mail in the background, one message at a time, so a request never waits on (or reveals by its
/// timing) a slow SMTP server. Failures are logged without the message's contents, which carry codes.
///
/// A message the server could not take now (it is down, unreachable, or answers 4xx: "try again later") is
/// tried again, the delay doubling from ``firstRetryDelay``, for about as long as a mailed code is worth having:
/// a sign-up made while the mail server restarts still gets its code. Other messages go on meanwhile. A message
/// the server refuses for good (5xx, wrong credentials, a bad address) is not retried. Retries live in memory:
/// a message still waiting when Vestibule stops is lost, with a log line (`docs/reliability.md`).
public final class MailQueue: Sendable {
    private let mailer: any Mailer
    private let queue = DispatchQueue(label: "vestibule.mail", qos: .utility)
    private let logger: Logger
    private let deliveryNote: String?
    private let firstRetryDelay: Duration
    private let retries: Int
    private let sent: Counter
    /// Messages given up on: refused for good, or still failing after the last retry.
    private let failed: Counter

    /// - Parameters:
    ///   - deliveryNote: logged after each message the mailer took, when the reader of the log must be told where
    ///     it went: in development, the outbox page ("mail is in http://localhost:8080/dev/outbox").
    ///   - firstRetryDelay, retries: 5 s doubling 8 times: the last try about 21 minutes after the first.
    ///   - metrics: where messages sent and given up on are counted.
    public init(
        mailer: any Mailer, logger: Logger, deliveryNote: String? = nil, firstRetryDelay: Duration = .seconds(5),
        retries: Int = 8, metrics: MetricsRegistry = MetricsRegistry()
    ) {
        sent = metrics.counter(
            "vestibule_emails_sent_total", help: "Emails the mail server (or the development outbox) took."
        )
        failed = metrics.counter(
            "vestibule_emails_failed_total",
            help: "Emails given up on: refused for good, or failing after the last retry."
        )
        self.mailer = mailer
        self.logger = logger
        self.deliveryNote = deliveryNote
        self.firstRetryDelay = firstRetryDelay
        self.retries = retries
    }

    public func enqueue(_ message: EmailMessage) {
        queue.async { self.attempt(message, retry: 0) }
    }

    /// Waits until every message enqueued so far has been handed to the mailer once (tests; shutdown). Retries
    /// scheduled by then are not waited for.
    public func drain() {
        queue.sync {}
    }

    /// One try of `message`, on the queue; a temporary failure schedules the next.
    private func attempt(_ message: EmailMessage, retry: Int) {
        do {
            try mailer.send(message)
            sent.increment()
            // The note alone: a subject can carry the code it mails ("123456 is your code").
            if let deliveryNote { logger.notice(deliveryNote) }
        } catch where error.isTemporary && retry < retries {
            let delay = firstRetryDelay * (1 << retry)
            logger.warning("Could not send an email; trying again", ["error": "\(error)", "retry_in": "\(delay)"])
            let (seconds, attoseconds) = delay.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { self.attempt(message, retry: retry + 1) }
        } catch {
            failed.increment()
            logger.error("Could not send an email", ["error": "\(error)", "tries": "\(retry + 1)"])
        }
    }
}

extension MailError {
    /// Whether the same message may go through later: the server unreachable or its connection broken, a local
    /// write that failed (a full disk), or an SMTP 4xx reply, which means "try again later" (RFC 5321 4.2.1).
    var isTemporary: Bool {
        switch code {
        case .connection, .io: true
        case .rejected: smtpReplyCode.map { (400..<500).contains($0) } ?? false
        default: false
        }
    }
}
