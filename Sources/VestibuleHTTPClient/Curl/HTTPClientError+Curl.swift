internal import CCurl

extension HTTPClientError {
    /// Classifies a failed exchange. The message names the method and origin, never the path, query or body.
    ///
    /// - Parameter stoppedAtLimit: the body callback stopped the transfer at `bodyLimit` bytes.
    init(curl code: CURLcode, reason: String, target: RequestTarget, bodyLimit: Int, stoppedAtLimit: Bool) {
        let category: Code
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            category = .timeout
        case CURLE_FILESIZE_EXCEEDED:
            category = .responseTooLarge
        case CURLE_WRITE_ERROR where stoppedAtLimit:
            category = .responseTooLarge
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
            CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
            CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR,
            CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_SHUTDOWN_FAILED,
            CURLE_SSL_CLIENTCERT:
            category = .tls
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT, CURLE_BAD_FUNCTION_ARGUMENT:
            category = .invalidRequest
        case CURLE_OUT_OF_MEMORY, CURLE_FAILED_INIT:
            category = .library
        default:
            category = .connection
        }
        var explanation = reason
        // libcurl's texts name hosts and ports; should one ever quote the path or query, it goes no further.
        if target.rest.count > 1 { explanation = explanation.replacing(target.rest, with: "/…") }
        if category == .responseTooLarge {
            explanation = "the response body is larger than \(bodyLimit) bytes"
        }
        self.init(category, "\(target.method) \(target.origin) failed: \(explanation)", curlCode: Int(code.rawValue))
    }
}
