internal import CCurl

/// libcurl's process-wide initialization, done once before this module's first handle.
///
/// `curl_global_init` must not run concurrently with other libcurl calls in builds without
/// `CURL_VERSION_THREADSAFE`; a `static let` runs once under `swift_once`, before any ``CurlTransfer`` exists.
/// libcurl counts init calls, so VestibuleMail initializing it as well is harmless. Never undone: libcurl stays
/// in use until the process exits.
enum CurlGlobal {
    static let result: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    static func ensureInitialized() throws(HTTPClientError) {
        let code = result
        guard code == CURLE_OK else {
            throw HTTPClientError(.library, "libcurl could not be initialized", curlCode: Int(code.rawValue))
        }
    }
}
