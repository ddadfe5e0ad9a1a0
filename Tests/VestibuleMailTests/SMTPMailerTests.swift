@preconcurrency import Glibc
import Foundation
import Testing
import VestibuleLogging
import VestibuleMail
import VestibuleTesting

/// SMTPMailer against a real SMTP server process (aiosmtpd), in clear text, with STARTTLS and with AUTH.
@Suite(.enabled(if: SMTPTestServer.isAvailable, "python3 with aiosmtpd is not installed: run scripts/install-deps.sh test"))
struct SMTPMailerTests {
    static let japaneseBody = "確認コードは 123456 です\n10分間有効です。\n"
    static let credentials = (username: "vestibule", password: "correct-horse-battery-staple")

    func mailer(
        port: Int, security: SMTPConfiguration.Security = .none, password: String? = nil,
        caCertificateFile: String? = nil, timeout: Duration = .seconds(10), logger: Logger = Logger(label: "test", sink: .discard)
    ) -> SMTPMailer {
        SMTPMailer(
            configuration: SMTPConfiguration(
                url: "smtp://127.0.0.1:\(port)", security: security,
                username: password == nil ? nil : Self.credentials.username, password: password,
                from: "Vestibule <no-reply@vestibule.test>", timeout: timeout, caCertificateFile: caCertificateFile
            ),
            logger: logger
        )
    }

    @Test func messageSentToAPlainServerArrivesWithEnvelopeSubjectAndJapaneseBody() throws {
        let server = try SMTPTestServer()
        defer { server.stop() }
        let message = EmailMessage(to: "person@example.org", subject: "確認コード: 123456", textBody: Self.japaneseBody)

        try mailer(port: server.port).send(message)

        let received = try #require(try server.waitForMessage().first)
        #expect(received.from == "no-reply@vestibule.test")
        #expect(received.recipients == ["person@example.org"])
        #expect(received.subject == "確認コード: 123456")
        #expect(received.textBody == Self.japaneseBody)
        #expect(received.header("From") == "Vestibule <no-reply@vestibule.test>")
        #expect(received.header("To") == "person@example.org")
        #expect(received.header("MIME-Version") == "1.0")
        #expect(received.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(received.header("Message-ID")?.hasSuffix("@vestibule.test>") == true)
        #expect(received.header("Date") != nil)
        #expect(!received.tls)
    }

    @Test func bodyWithDotLinesLongLinesAndNoFinalNewlineArrivesExactly() throws {
        let server = try SMTPTestServer()
        defer { server.stop() }
        let body = ".\n..leading dots\n" + String(repeating: "とても長い行 ", count: 40) + "\nno final newline"
        try mailer(port: server.port).send(EmailMessage(to: "person@example.org", subject: "Dots", textBody: body))

        let received = try #require(try server.waitForMessage().first)
        #expect(received.textBody == body)
    }

    @Test func startTLSWithCredentialsAndTheServersCertificateDeliversOverTLS() throws {
        let server = try SMTPTestServer(startTLS: true, credentials: Self.credentials)
        defer { server.stop() }
        let mailer = mailer(
            port: server.port, security: .startTLS, password: Self.credentials.password,
            caCertificateFile: server.certificateFile
        )

        try mailer.send(EmailMessage(to: "person@example.org", subject: "Reset your password", textBody: Self.japaneseBody))

        let received = try #require(try server.waitForMessage().first)
        #expect(received.tls)
        #expect(received.authenticated)
        #expect(received.subject == "Reset your password")
        #expect(received.textBody == Self.japaneseBody)
    }

    @Test func implicitTLSWithCredentialsDeliversOverTLS() throws {
        let server = try SMTPTestServer(implicitTLS: true, credentials: Self.credentials)
        defer { server.stop() }
        let mailer = SMTPMailer(
            configuration: SMTPConfiguration(
                url: "smtps://127.0.0.1:\(server.port)", security: .implicitTLS, username: Self.credentials.username,
                password: Self.credentials.password, from: "no-reply@vestibule.test", timeout: .seconds(10),
                caCertificateFile: server.certificateFile
            ),
            logger: Logger(label: "test", sink: .discard)
        )

        try mailer.send(EmailMessage(to: "person@example.org", subject: "確認コード", textBody: Self.japaneseBody))

        let received = try #require(try server.waitForMessage().first)
        #expect(received.tls)
        #expect(received.authenticated)
        #expect(received.from == "no-reply@vestibule.test")
        #expect(received.subject == "確認コード")
    }

    @Test func sendFailsWithAuthenticationIfThePasswordIsWrong() throws {
        let server = try SMTPTestServer(startTLS: true, credentials: Self.credentials)
        defer { server.stop() }
        let mailer = mailer(
            port: server.port, security: .startTLS, password: "wrong-password", caCertificateFile: server.certificateFile
        )

        let error = try #require(throws: MailError.self) { try mailer.send(Self.someMessage) }
        #expect(error.code == .authentication)
        #expect(error.curlCode != nil)
        #expect(server.messages().isEmpty)
    }

    @Test func startTLSFailsWithTLSIfTheServerDoesNotOfferIt() throws {
        let server = try SMTPTestServer()
        defer { server.stop() }
        let mailer = mailer(port: server.port, security: .startTLS)

        let error = try #require(throws: MailError.self) { try mailer.send(Self.someMessage) }
        #expect(error.code == .tls)
        #expect(server.messages().isEmpty, "a message went out in clear text")
    }

    @Test func startTLSFailsWithTLSIfTheCertificateIsNotTrusted() throws {
        let server = try SMTPTestServer(startTLS: true)
        defer { server.stop() }
        let mailer = mailer(port: server.port, security: .startTLS)  // the system's CAs do not know the test CA

        let error = try #require(throws: MailError.self) { try mailer.send(Self.someMessage) }
        #expect(error.code == .tls)
        #expect(server.messages().isEmpty)
    }

    @Test func sendFailsWithRejectedIfTheServerRefusesTheRecipient() throws {
        let server = try SMTPTestServer()
        defer { server.stop() }
        let message = EmailMessage(to: "rejected@example.org", subject: "Hello", textBody: "Hi")

        let error = try #require(throws: MailError.self) { try mailer(port: server.port).send(message) }
        #expect(error.code == .rejected)
        #expect(error.smtpReplyCode == 550)
        #expect(server.messages().isEmpty)
    }

    @Test func sendFailsWithConnectionQuicklyIfNothingListens() throws {
        let port = try Self.unusedPort()
        let start = ContinuousClock.now

        let error = try #require(throws: MailError.self) { try mailer(port: port, timeout: .seconds(5)).send(Self.someMessage) }
        #expect(error.code == .connection)
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test func sendFailsWithConnectionWhenTheServerNeverAnswersWithinTheTimeout() throws {
        let listener = try SilentListener()
        let start = ContinuousClock.now

        let error = try #require(throws: MailError.self) {
            try mailer(port: listener.port, timeout: .milliseconds(700)).send(Self.someMessage)
        }
        let elapsed = ContinuousClock.now - start
        #expect(error.code == .connection)
        #expect(elapsed >= .milliseconds(600) && elapsed < .seconds(3), "took \(elapsed)")
    }

    static let injections = [
        EmailMessage(to: "person@example.org", subject: "Hi\r\nBcc: victim@example.com", textBody: "b"),
        EmailMessage(to: "person@example.org", subject: "Hi\nBcc: victim@example.com", textBody: "b"),
        EmailMessage(to: "person@example.org\r\nBcc: victim@example.com", subject: "Hi", textBody: "b"),
        EmailMessage(to: "person@example.org>\r\nRCPT TO:<victim@example.com", subject: "Hi", textBody: "b"),
    ]

    @Test(arguments: injections)
    func sendFailsWithInvalidMessageAndSendsNothingIfAHeaderHasALineBreak(message: EmailMessage) throws {
        let server = try SMTPTestServer()
        defer { server.stop() }

        let error = try #require(throws: MailError.self) { try mailer(port: server.port).send(message) }
        #expect(error.code == .invalidMessage)
        try mailer(port: server.port).send(Self.someMessage)  // the server still works and got only this one
        #expect(try server.waitForMessage().count == 1)
        #expect(server.messages().allSatisfy { $0.recipients == ["person@example.org"] })
    }

    @Test func passwordAndCodeAppearInNoErrorAndNoLogLine() throws {
        let server = try SMTPTestServer(startTLS: true, credentials: Self.credentials)
        defer { server.stop() }
        let capture = LogCapture()
        let logger = Logger(label: "mail", minimumLevel: .debug, sink: capture.sink)
        let message = EmailMessage(to: "person@example.org", subject: "Your code", textBody: "Your code is 918273")
        let good = mailer(
            port: server.port, security: .startTLS, password: Self.credentials.password,
            caCertificateFile: server.certificateFile, logger: logger
        )
        try good.send(message)
        let failures = [
            (password: "wrong-" + Self.credentials.password, ca: server.certificateFile, port: server.port),  // AUTH refused
            (password: Self.credentials.password, ca: nil, port: server.port),  // certificate not trusted
            (password: Self.credentials.password, ca: server.certificateFile, port: try Self.unusedPort()),  // refused
        ]
        var descriptions: [String] = []
        for failure in failures {
            let bad = mailer(
                port: failure.port, security: .startTLS, password: failure.password, caCertificateFile: failure.ca,
                logger: logger
            )
            do { try bad.send(message) } catch { descriptions.append("\(error) \(error.message)") }
        }

        #expect(descriptions.count == 3)
        let everything = descriptions.joined(separator: "\n") + "\n" + capture.text
        #expect(capture.text.contains("sent email"))
        #expect(capture.text.contains("could not send email"))
        #expect(!everything.contains(Self.credentials.password))
        #expect(!everything.contains(Data(Self.credentials.password.utf8).base64EncodedString()))
        #expect(!everything.contains("918273"))
    }

    @Test func configurationWithCredentialsInTheURLIsRefused() throws {
        let mailer = SMTPMailer(
            configuration: SMTPConfiguration(url: "smtp://user:secret@127.0.0.1:25", security: .none, from: "a@b.test"),
            logger: Logger(label: "test", sink: .discard)
        )
        let error = try #require(throws: MailError.self) { try mailer.send(Self.someMessage) }
        #expect(error.code == .configuration)
        #expect(!error.description.contains("secret"))
    }

    @Test func passwordInClearTextToAnotherMachineIsRefused() throws {
        let mailer = SMTPMailer(
            configuration: SMTPConfiguration(
                url: "smtp://mail.example.com:25", security: .none, username: "u", password: "p4ssw0rd", from: "a@b.test"
            ),
            logger: Logger(label: "test", sink: .discard)
        )
        let error = try #require(throws: MailError.self) { try mailer.send(Self.someMessage) }
        #expect(error.code == .configuration)
    }

    @Test(arguments: [
        ("smtps://127.0.0.1:465", SMTPConfiguration.Security.startTLS),
        ("smtp://127.0.0.1:25", .implicitTLS),
        ("http://127.0.0.1:80", .none),
        ("file:///etc/passwd", .none),
    ])
    func urlSchemeThatDoesNotMatchTheSecurityIsRefused(url: String, security: SMTPConfiguration.Security) throws {
        let mailer = SMTPMailer(
            configuration: SMTPConfiguration(url: url, security: security, from: "a@b.test"),
            logger: Logger(label: "test", sink: .discard)
        )
        let error = try #require(throws: MailError.self) { try mailer.send(Self.someMessage) }
        #expect(error.code == .configuration)
    }

    static let someMessage = EmailMessage(to: "person@example.org", subject: "Hello", textBody: "Hello there\n")

    /// A loopback port nobody listens on (bound, then closed).
    static func unusedPort() throws -> Int {
        let listener = try SilentListener()
        return listener.port
    }
}

/// A loopback socket that accepts connections into its backlog and never says a word: an SMTP server that hangs.
final class SilentListener {
    struct Failure: Error {}
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound, listen(descriptor, 8) == 0 else {
            close(descriptor)
            throw Failure()
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}
