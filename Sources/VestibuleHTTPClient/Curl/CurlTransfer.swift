internal import CCurl
import VestibuleHTTP

/// One owned libcurl easy handle for one HTTP exchange, with the header list it borrows and the collector its
/// callbacks fill; all freed in `deinit`.
final class CurlTransfer {
    private let handle: UnsafeMutableRawPointer
    /// `CURLOPT_ERRORBUFFER`: libcurl writes a readable reason for a failure here.
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private let collector: ResponseCollector
    /// `CURLOPT_HTTPHEADER`: libcurl keeps the pointer, not a copy, so the list lives as long as the handle.
    private var headerList: UnsafeMutablePointer<curl_slist>?

    init(maxResponseBytes: Int) throws(HTTPClientError) {
        try CurlGlobal.ensureInitialized()
        guard let handle = curl_easy_init() else { throw HTTPClientError(.library, "libcurl could not create a handle") }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        collector = ResponseCollector(limit: maxResponseBytes)
        // Every stored property is set: from here on a throw still runs deinit, which frees them.
        let context = Unmanaged.passUnretained(collector).toOpaque()
        try check(vestibule_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), "CURLOPT_ERRORBUFFER")
        try check(vestibule_curl_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION, bodyCallback), "CURLOPT_WRITEFUNCTION")
        try check(vestibule_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context), "CURLOPT_WRITEDATA")
        try check(vestibule_curl_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION, headerCallback), "CURLOPT_HEADERFUNCTION")
        try check(vestibule_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context), "CURLOPT_HEADERDATA")
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    func set(_ option: CURLoption, _ value: Int) throws(HTTPClientError) {
        try check(vestibule_curl_setopt_long(handle, option, value), "option \(option.rawValue)")
    }

    /// libcurl copies string options.
    func set(_ option: CURLoption, _ value: String) throws(HTTPClientError) {
        try check(vestibule_curl_setopt_string(handle, option, value), "option \(option.rawValue)")
    }

    func setHeaders(_ lines: [String]) throws(HTTPClientError) {
        for line in lines {
            guard let appended = curl_slist_append(headerList, line) else {
                throw HTTPClientError(.library, "libcurl could not allocate the header list")
            }
            headerList = appended
        }
        try check(vestibule_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList), "CURLOPT_HTTPHEADER")
    }

    /// Sets the method and the body; libcurl copies the body (`CURLOPT_COPYPOSTFIELDS`).
    func setMethod(_ method: HTTPMethod, body: [UInt8]) throws(HTTPClientError) {
        guard !body.isEmpty || method == .post else {
            switch method {
            case .get: try set(CURLOPT_HTTPGET, 1)
            case .head: try set(CURLOPT_NOBODY, 1)
            default: try set(CURLOPT_CUSTOMREQUEST, method.rawValue)
            }
            return
        }
        // The size first: without it libcurl would measure the body with strlen.
        try set(CURLOPT_POSTFIELDSIZE, body.count)
        let code = body.withUnsafeBytes { bytes in
            if let start = bytes.baseAddress {
                vestibule_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: start))
            } else {
                // An empty array has no storage; libcurl needs some pointer for "no bytes".
                vestibule_curl_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, "")
            }
        }
        try check(code, "CURLOPT_COPYPOSTFIELDS")
        if method != .post { try set(CURLOPT_CUSTOMREQUEST, method.rawValue) }
    }

    /// Runs the exchange and returns the final response.
    func perform(describing target: RequestTarget) throws(HTTPClientError) -> HTTPClientResponse {
        errorBuffer[0] = 0
        let code = curl_easy_perform(handle)
        guard code == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            throw HTTPClientError(
                curl: code, reason: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail,
                target: target, bodyLimit: collector.limit, stoppedAtLimit: collector.exceededLimit
            )
        }
        var status = 0
        try check(vestibule_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status), "CURLINFO_RESPONSE_CODE")
        return HTTPClientResponse(status: status, headers: collector.headers, body: collector.body)
    }

    private func check(_ code: CURLcode, _ what: String) throws(HTTPClientError) {
        guard code == CURLE_OK else {
            let reason = String(cString: curl_easy_strerror(code))
            throw HTTPClientError(.library, "libcurl refused \(what): \(reason)", curlCode: Int(code.rawValue))
        }
    }
}

@available(*, unavailable)
extension CurlTransfer: Sendable {}

/// `CURLOPT_WRITEFUNCTION`: `context` is the transfer's unretained ``ResponseCollector``, alive until the
/// transfer is. Returning less than was offered makes libcurl stop with `CURLE_WRITE_ERROR`.
private let bodyCallback: curl_write_callback = { bytes, size, count, context in
    guard let context else { return 0 }
    let collector = Unmanaged<ResponseCollector>.fromOpaque(context).takeUnretainedValue()
    let chunk = UnsafeRawBufferPointer(start: bytes, count: size * count)
    return collector.appendBody(chunk) ? chunk.count : 0
}

/// `CURLOPT_HEADERFUNCTION`: one call per header line, status lines and the empty line included.
private let headerCallback: curl_write_callback = { bytes, size, count, context in
    guard let context else { return 0 }
    let collector = Unmanaged<ResponseCollector>.fromOpaque(context).takeUnretainedValue()
    let line = UnsafeRawBufferPointer(start: bytes, count: size * count)
    collector.receiveHeaderLine(line)
    return line.count
}
