internal import CCurl

/// One owned libcurl easy handle for one transfer (an HTTP exchange, an SMTP delivery): configured through typed
/// options, then performed once.
///
/// It owns everything libcurl borrows by pointer while the handle lives (the error buffer, the lists set as
/// options, the upload and the receiving closures) and frees it in `deinit`, after `curl_easy_cleanup`.
/// libcurl copies string options. Each transfer uses a fresh handle on one thread, so it is not `Sendable`.
public final class CurlEasy {
    let handle: UnsafeMutableRawPointer
    /// `CURLOPT_ERRORBUFFER`: libcurl writes a readable reason for the last failure here.
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// What the C callbacks reach through their user-data pointer; see `CurlEasy+Callbacks.swift`.
    let callbacks = TransferCallbacks()
    /// Lists set as options: libcurl keeps their pointers, not copies.
    private var lists: [CurlStringList] = []

    public init() throws(CurlError) {
        try CurlGlobal.ensureInitialized()
        guard let handle = curl_easy_init() else { throw CurlError(.library, "libcurl could not create a handle") }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        // Every stored property is set: from here on a throw still runs deinit, which frees them.
        try check(vestibule_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), "CURLOPT_ERRORBUFFER")
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    public func set<Value: CurlLong>(_ option: CurlOption<Value>, _ value: Value) throws(CurlError) {
        try check(vestibule_curl_setopt_long(handle, option.option, value.curlLong), option.name)
    }

    public func set(_ option: CurlOption<String>, _ value: String) throws(CurlError) {
        try check(vestibule_curl_setopt_string(handle, option.option, value), option.name)
    }

    /// Keeps `list` until the handle is freed.
    public func set(_ option: CurlOption<CurlStringList>, _ list: CurlStringList) throws(CurlError) {
        lists.append(list)
        try check(vestibule_curl_setopt_slist(handle, option.option, list.head), option.name)
    }

    /// Sends `body` as the request body of a POST (`CURLOPT_POSTFIELDSIZE`, then `CURLOPT_COPYPOSTFIELDS`: libcurl
    /// copies it).
    public func copyPostFields(_ body: [UInt8]) throws(CurlError) {
        // The size first: without it libcurl would measure the body with strlen.
        try check(vestibule_curl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, body.count), "CURLOPT_POSTFIELDSIZE")
        let code = body.withUnsafeBytes { bytes in
            if let start = bytes.baseAddress {
                vestibule_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: start))
            } else {
                // An empty array has no storage; libcurl needs some pointer for "no bytes".
                vestibule_curl_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, "")
            }
        }
        try check(code, "CURLOPT_COPYPOSTFIELDS")
    }

    /// Runs the transfer. A failure carries libcurl's reason (from the error buffer) and the server's last reply
    /// code, which tells a refusal from a broken connection.
    public func perform() throws(CurlError) {
        errorBuffer[0] = 0
        let code = curl_easy_perform(handle)
        guard code != CURLE_OK else { return }
        let detail = String(cString: errorBuffer)
        let reply = try? responseCode()
        throw CurlError(
            .transfer, detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail, code: code,
            responseCode: reply.flatMap { $0 > 0 ? $0 : nil }
        )
    }

    /// The server's last reply code (`CURLINFO_RESPONSE_CODE`): the HTTP status, the SMTP reply; 0 when none came.
    public func responseCode() throws(CurlError) -> Int {
        var value = 0
        try check(vestibule_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &value), "CURLINFO_RESPONSE_CODE")
        return value
    }

    func check(_ code: CURLcode, _ what: String) throws(CurlError) {
        guard code == CURLE_OK else {
            let reason = String(cString: curl_easy_strerror(code))
            throw CurlError(.option, "libcurl refused \(what): \(reason)", code: code)
        }
    }
}

@available(*, unavailable)
extension CurlEasy: Sendable {}
