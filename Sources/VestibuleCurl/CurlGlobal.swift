internal import CCurl

/// libcurl's process-wide initialization, done exactly once, before the first handle of any module.
///
/// `curl_global_init` must not run concurrently with itself or with other libcurl calls in libcurl builds
/// without `CURL_VERSION_THREADSAFE`. A `static let` is initialized once, under `swift_once`, the first time any
/// thread reads it, and every ``CurlEasy`` reads it before calling `curl_easy_init`; so the call happens once,
/// before any handle exists, whichever threads send mail or HTTP requests. It is never undone
/// (`curl_global_cleanup`) because libcurl stays in use until the process exits.
enum CurlGlobal {
    /// `CURLE_OK`, or the failure to report on every new handle.
    static let initialization: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    static func ensureInitialized() throws(CurlError) {
        let code = initialization
        guard code == CURLE_OK else { throw CurlError(.library, "libcurl could not be initialized", code: code) }
    }
}
