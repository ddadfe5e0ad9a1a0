import VestibuleCurl

extension MailError {
    /// Classifies a failed use of libcurl. libcurl reports a refused MAIL FROM, RCPT or DATA as a send error or
    /// an unexpected reply; the server's 4xx/5xx reply code is what tells a refusal from a broken connection.
    init(curl error: CurlError) {
        let curlCode = error.code?.rawValue
        guard error.step == .transfer, let code = error.code else {
            // An option libcurl refuses is one this build lacks (smtps, an auth method); the rest is the machine.
            self.init(error.step == .option ? .configuration : .io, error.message, curlCode: curlCode)
            return
        }
        let category: Code
        switch code {
        case .loginDenied, .authError:
            category = .authentication
        case _ where code.isTLSFailure:
            category = .tls
        case .readError, .abortedByCallback, .outOfMemory, .failedInit:
            category = .io
        case .unsupportedProtocol, .urlMalformat, .notBuiltIn:
            category = .configuration
        case .sendError, .weirdServerReply, .receiveError, .quoteError:
            category = (error.responseCode.map { (400..<600).contains($0) } ?? false) ? .rejected : .connection
        default:
            category = .connection
        }
        self.init(
            category, "SMTP transfer failed: \(error.message)", curlCode: curlCode, smtpReplyCode: error.responseCode
        )
    }
}
