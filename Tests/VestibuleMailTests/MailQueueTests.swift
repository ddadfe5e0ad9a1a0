@preconcurrency import Glibc
import Foundation
import Testing
import VestibuleLogging
@testable import VestibuleMail
import VestibuleMetrics
import VestibuleTesting

/// The background queue in front of the mailer: a message the server cannot take now is tried again until it
/// goes through; one it refuses for good is not.
@Suite struct MailQueueTests {
    /// A real SMTP server (aiosmtpd) frozen with SIGSTOP: connections are accepted by the kernel but never
    /// answered, so each try times out, as with a server that hangs or restarts. Thawed, the next try delivers.
    @Test(.enabled(if: SMTPTestServer.isAvailable, "python3 with aiosmtpd is not installed: run scripts/install-deps.sh test"))
    func aMessageTheServerCannotTakeNowIsTriedAgainUntilItArrives() throws {
        let server = try SMTPTestServer()
        defer { server.stop() }
        kill(server.processIdentifier, SIGSTOP)
        let mailer = SMTPMailer(
            configuration: SMTPConfiguration(
                url: "smtp://127.0.0.1:\(server.port)", security: .none, username: nil, password: nil,
                from: "Vestibule <no-reply@vestibule.test>", timeout: .seconds(1), caCertificateFile: nil
            ),
            logger: Logger(label: "test", sink: .discard)
        )
        let queue = MailQueue(
            mailer: mailer, logger: Logger(label: "test", sink: .discard), firstRetryDelay: .milliseconds(200)
        )
        queue.enqueue(EmailMessage(to: "person@example.org", subject: "Your code", textBody: "123456\n"))
        // Two tries have timed out by now.
        Thread.sleep(forTimeInterval: 2.5)
        kill(server.processIdentifier, SIGCONT)
        #expect(server.messages().isEmpty)

        let received = try server.waitForMessage(timeout: .seconds(20))
        #expect(received.map(\.subject) == ["Your code"], "delivered once")
    }

    /// Sent when the mailer took it; failed only when given up on, not at a try that will be repeated.
    @Test func messagesSentAndGivenUpOnAreCounted() {
        struct RefusingSome: Mailer {
            func send(_ message: EmailMessage) throws(MailError) {
                if message.to.hasPrefix("nobody") { throw MailError(.rejected, "no such user", smtpReplyCode: 550) }
            }
        }
        let metrics = MetricsRegistry()
        let queue = MailQueue(mailer: RefusingSome(), logger: Logger(label: "test", sink: .discard), metrics: metrics)
        queue.enqueue(EmailMessage(to: "person@example.org", subject: "Your code", textBody: "123456\n"))
        queue.enqueue(EmailMessage(to: "nobody@example.org", subject: "Your code", textBody: "654321\n"))
        queue.drain()
        #expect(metrics.exposition().contains("vestibule_emails_sent_total 1\n"))
        #expect(metrics.exposition().contains("vestibule_emails_failed_total 1\n"))
    }

    @Test func onlyFailuresThatMayPassLaterAreRetried() {
        #expect(MailError(.connection, "refused").isTemporary)
        #expect(MailError(.io, "disk full").isTemporary)
        #expect(MailError(.rejected, "mailbox busy", smtpReplyCode: 451).isTemporary)
        #expect(!MailError(.rejected, "no such user", smtpReplyCode: 550).isTemporary)
        #expect(!MailError(.authentication, "bad password", smtpReplyCode: 535).isTemporary)
        #expect(!MailError(.invalidMessage, "line break in a header").isTemporary)
        #expect(!MailError(.configuration, "smtps not built in").isTemporary)
    }
}
