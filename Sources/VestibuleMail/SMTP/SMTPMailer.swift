internal import CCurl
public import VestibuleLogging
import Foundation

/// Delivers emails to an SMTP server through libcurl: STARTTLS or implicit TLS, AUTH with the configured
/// credentials, the message rendered by ``MessageRenderer``.
///
/// Each ``send(_:)`` uses a fresh easy handle (a fresh connection): sign-in mail is rare enough that
/// connection reuse is not worth sharing a handle between threads. `send` blocks for up to
/// ``SMTPConfiguration/timeout``.
public final class SMTPMailer: Mailer {
    private let configuration: SMTPConfiguration
    private let logger: Logger

    public init(configuration: SMTPConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    public func send(_ message: EmailMessage) throws(MailError) {
        do {
            let messageID = try deliver(message)
            logger.info("sent email", ["message_id": messageID, "recipient_domain": Self.domain(of: message.to)])
        } catch {
            let error = scrubbed(error)
            logger.warning(
                "could not send email",
                ["code": "\(error.code)", "curl_code": error.curlCode.map { "\($0)" } ?? "none",
                 "smtp_reply": error.smtpReplyCode.map { "\($0)" } ?? "none", "reason": error.message]
            )
            throw error
        }
    }

    /// Renders and uploads the message; returns its Message-ID.
    private func deliver(_ message: EmailMessage) throws(MailError) -> String {
        try configuration.validate()
        let renderer = try MessageRenderer(from: configuration.from)
        let messageID = renderer.newMessageID()
        let text = try renderer.render(message, date: Date(), messageID: messageID)
        let recipient = try MailAddress(validating: message.to, role: "recipient")

        let curl = try CurlEasy()
        let recipients = try CurlStringList(["<\(recipient.value)>"])
        let upload = UploadSource(Array(text.utf8))
        try curl.set(CURLOPT_URL, configuration.url, "CURLOPT_URL")
        try curl.set(CURLOPT_PROTOCOLS_STR, "smtp,smtps", "CURLOPT_PROTOCOLS_STR")
        // No signals: libcurl would otherwise use SIGALRM for DNS timeouts, unsafe in a threaded process.
        try curl.set(CURLOPT_NOSIGNAL, 1, "CURLOPT_NOSIGNAL")
        try curl.set(CURLOPT_CONNECTTIMEOUT_MS, configuration.timeoutMilliseconds, "CURLOPT_CONNECTTIMEOUT_MS")
        try curl.set(CURLOPT_TIMEOUT_MS, configuration.timeoutMilliseconds, "CURLOPT_TIMEOUT_MS")
        switch configuration.security {
        case .startTLS: try curl.set(CURLOPT_USE_SSL, Int(CURLUSESSL_ALL.rawValue), "CURLOPT_USE_SSL")
        case .implicitTLS, .none: try curl.set(CURLOPT_USE_SSL, Int(CURLUSESSL_NONE.rawValue), "CURLOPT_USE_SSL")
        }
        if let caCertificateFile = configuration.caCertificateFile {
            try curl.set(CURLOPT_CAINFO, caCertificateFile, "CURLOPT_CAINFO")
        }
        if let username = configuration.username {
            try curl.set(CURLOPT_USERNAME, username, "CURLOPT_USERNAME")
        }
        if let password = configuration.password {
            try curl.set(CURLOPT_PASSWORD, password, "CURLOPT_PASSWORD")
        }
        try curl.set(CURLOPT_MAIL_FROM, "<\(renderer.sender.address.value)>", "CURLOPT_MAIL_FROM")
        try curl.set(CURLOPT_MAIL_RCPT, recipients, "CURLOPT_MAIL_RCPT")
        try curl.setUpload(upload)

        // `recipients` and `upload` are borrowed by the handle: keep them alive until the transfer is over.
        let result = withExtendedLifetime((recipients, upload)) { curl.perform() }
        guard result.code == CURLE_OK else {
            throw MailError(curl: result.code, reason: result.reason, replyCode: curl.lastReplyCode)
        }
        return messageID
    }

    /// Belt and braces: no server reply or libcurl text should ever echo the password, but if one did, it
    /// would not reach a log or a caller.
    private func scrubbed(_ error: MailError) -> MailError {
        guard let password = configuration.password, password.count >= 3, error.message.contains(password) else {
            return error
        }
        return MailError(
            error.code, error.message.replacing(password, with: "<redacted>"), curlCode: error.curlCode,
            smtpReplyCode: error.smtpReplyCode, errnoCode: error.errnoCode
        )
    }

    private static func domain(of address: String) -> String {
        (try? MailAddress(validating: address, role: "recipient"))?.domain ?? "invalid"
    }
}
