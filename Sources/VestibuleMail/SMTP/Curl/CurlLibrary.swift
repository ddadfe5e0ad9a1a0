internal import CCurl

/// libcurl's process-wide initialization, done exactly once before the first handle.
///
/// `curl_global_init` must not run concurrently with itself or with other libcurl calls in libcurl builds
/// without `CURL_VERSION_THREADSAFE`. A `static let` is initialized once, under `swift_once`, the first time
/// any thread reads it, and every ``CurlEasy`` reads it before calling `curl_easy_init`; so the call happens
/// once, before any handle exists, whatever threads send mail. It is never undone (`curl_global_cleanup`)
/// because libcurl stays in use until the process exits. libcurl counts init calls, so another module
/// calling `curl_global_init` as well is harmless.
enum CurlLibrary {
    /// `CURLE_OK`, or the failure to report on every send.
    static let initialization: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    static func ensureInitialized() throws(MailError) {
        let code = initialization
        guard code == CURLE_OK else {
            throw MailError(.io, "libcurl could not be initialized", curlCode: Int(code.rawValue))
        }
    }
}
