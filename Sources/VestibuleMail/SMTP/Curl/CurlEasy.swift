internal import CCurl

/// One owned libcurl easy handle (one SMTP transfer), cleaned up in `deinit`.
///
/// Options that take pointers (the recipient list, the upload source) are borrowed: the caller keeps those
/// objects alive until ``perform()`` returns. Strings are copied by libcurl.
final class CurlEasy {
    private let handle: UnsafeMutableRawPointer
    /// `CURLOPT_ERRORBUFFER`: libcurl writes a readable reason for the last failure here.
    private let errorBuffer: UnsafeMutablePointer<CChar>

    init() throws(MailError) {
        try CurlLibrary.ensureInitialized()
        guard let handle = curl_easy_init() else {
            throw MailError(.io, "libcurl could not create a handle")
        }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        try check(vestibule_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), "CURLOPT_ERRORBUFFER")
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    func set(_ option: CURLoption, _ value: Int, _ name: String) throws(MailError) {
        try check(vestibule_curl_setopt_long(handle, option, value), name)
    }

    func set(_ option: CURLoption, _ value: String, _ name: String) throws(MailError) {
        try check(vestibule_curl_setopt_string(handle, option, value), name)
    }

    func set(_ option: CURLoption, _ list: CurlStringList, _ name: String) throws(MailError) {
        try check(vestibule_curl_setopt_slist(handle, option, list.head), name)
    }

    /// Uploads `source` as the request body (for SMTP: the DATA).
    func setUpload(_ source: UploadSource) throws(MailError) {
        try set(CURLOPT_UPLOAD, 1, "CURLOPT_UPLOAD")
        try check(vestibule_curl_setopt_read_callback(handle, uploadReadCallback), "CURLOPT_READFUNCTION")
        let pointer = Unmanaged.passUnretained(source).toOpaque()
        try check(vestibule_curl_setopt_pointer(handle, CURLOPT_READDATA, pointer), "CURLOPT_READDATA")
    }

    /// Runs the transfer; returns libcurl's result, with the reason from the error buffer.
    func perform() -> (code: CURLcode, reason: String) {
        errorBuffer[0] = 0
        let code = curl_easy_perform(handle)
        guard code != CURLE_OK else { return (code, "") }
        let detail = String(cString: errorBuffer)
        return (code, detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
    }

    /// The server's last reply code (`CURLINFO_RESPONSE_CODE`), nil when there was none.
    var lastReplyCode: Int? {
        var value = 0
        guard vestibule_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &value) == CURLE_OK, value > 0 else {
            return nil
        }
        return value
    }

    private func check(_ code: CURLcode, _ option: String) throws(MailError) {
        guard code == CURLE_OK else {
            let reason = String(cString: curl_easy_strerror(code))
            throw MailError(.configuration, "libcurl refused \(option): \(reason)", curlCode: Int(code.rawValue))
        }
    }
}

@available(*, unavailable)
extension CurlEasy: Sendable {}
