import VestibuleCurl
import VestibuleHTTP

extension CurlEasy {
    /// Sets the method and the body; libcurl copies the body.
    func setMethod(_ method: HTTPMethod, body: [UInt8]) throws(CurlError) {
        guard !body.isEmpty || method == .post else {
            switch method {
            case .get: try set(.httpGet, 1)
            case .head: try set(.noBody, 1)
            default: try set(.customRequest, method.rawValue)
            }
            return
        }
        try copyPostFields(body)
        if method != .post { try set(.customRequest, method.rawValue) }
    }
}
