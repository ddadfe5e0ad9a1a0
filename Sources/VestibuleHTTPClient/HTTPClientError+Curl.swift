import VestibuleCurl

extension HTTPClientError {
    /// Classifies a failed use of libcurl. The message names the method and origin, never the path, query or body.
    ///
    /// - Parameter stoppedAtLimit: the body callback stopped the transfer at `bodyLimit` bytes.
    init(curl error: CurlError, target: RequestTarget, bodyLimit: Int, stoppedAtLimit: Bool) {
        guard error.step == .transfer, let code = error.code else {
            self.init(.library, error.message, curlCode: error.code?.rawValue)
            return
        }
        let category: Code
        switch code {
        case .operationTimedOut:
            category = .timeout
        case .fileSizeExceeded:
            category = .responseTooLarge
        case .writeError where stoppedAtLimit:
            category = .responseTooLarge
        case _ where code.isTLSFailure:
            category = .tls
        case .unsupportedProtocol, .urlMalformat, .badFunctionArgument:
            category = .invalidRequest
        case .outOfMemory, .failedInit:
            category = .library
        default:
            category = .connection
        }
        var explanation = error.message
        // libcurl's texts name hosts and ports; should one ever quote the path or query, it goes no further.
        if target.rest.count > 1 { explanation = explanation.replacing(target.rest, with: "/…") }
        if category == .responseTooLarge {
            explanation = "the response body is larger than \(bodyLimit) bytes"
        }
        self.init(category, "\(target.method) \(target.origin) failed: \(explanation)", curlCode: code.rawValue)
    }
}
