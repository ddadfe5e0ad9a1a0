internal import CCurl

extension MailError {
    /// Classifies a failed SMTP transfer. libcurl reports a refused MAIL FROM, RCPT or DATA as a send error or
    /// an unexpected reply; the server's 4xx/5xx reply code is what tells a refusal from a broken connection.
    init(curl code: CURLcode, reason: String, replyCode: Int?) {
        let category: Code
        switch code {
        case CURLE_LOGIN_DENIED, CURLE_AUTH_ERROR:
            category = .authentication
        case CURLE_USE_SSL_FAILED, CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ENGINE_NOTFOUND,
            CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CRL_BADFILE,
            CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CLIENTCERT:
            category = .tls
        case CURLE_READ_ERROR, CURLE_ABORTED_BY_CALLBACK, CURLE_OUT_OF_MEMORY, CURLE_FAILED_INIT:
            category = .io
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT, CURLE_NOT_BUILT_IN:
            category = .configuration
        case CURLE_SEND_ERROR, CURLE_WEIRD_SERVER_REPLY, CURLE_RECV_ERROR, CURLE_QUOTE_ERROR:
            category = (replyCode.map { (400..<600).contains($0) } ?? false) ? .rejected : .connection
        default:
            category = .connection
        }
        self.init(category, "SMTP transfer failed: \(reason)", curlCode: Int(code.rawValue), smtpReplyCode: replyCode)
    }
}
