import Foundation
import VestibuleCurl
public import VestibuleLogging

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

        do throws(CurlError) {
            let curl = try CurlEasy()
            try curl.set(.url, configuration.url)
            try curl.set(.protocols, "smtp,smtps")
            try curl.set(.noSignal, 1)
            try curl.set(.connectTimeoutMilliseconds, configuration.timeoutMilliseconds)
            try curl.set(.timeoutMilliseconds, configuration.timeoutMilliseconds)
            switch configuration.security {
            case .startTLS: try curl.set(.useSSL, .required)
            case .implicitTLS, .none: try curl.set(.useSSL, .never)
            }
            if let caCertificateFile = configuration.caCertificateFile {
                try curl.set(.caInfo, caCertificateFile)
            }
            if let username = configuration.username {
                try curl.set(.username, username)
            }
            if let password = configuration.password {
                try curl.set(.password, password)
            }
            try curl.set(.mailFrom, "<\(renderer.sender.address.value)>")
            try curl.set(.mailRecipients, CurlStringList(["<\(recipient.value)>"]))
            try curl.upload(Array(text.utf8))
            try curl.perform()
        } catch {
            throw MailError(curl: error)
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
