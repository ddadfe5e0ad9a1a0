internal import CCurl

extension CurlEasy {
    /// Uploads `bytes` as the request body, through a read callback (for SMTP: the message, as DATA).
    public func upload(_ bytes: [UInt8]) throws(CurlError) {
        callbacks.upload = bytes
        callbacks.uploaded = 0
        try set(.upload, 1)
        try check(vestibule_curl_setopt_read_callback(handle, readCallback), "CURLOPT_READFUNCTION")
        try check(vestibule_curl_setopt_pointer(handle, CURLOPT_READDATA, userData), "CURLOPT_READDATA")
    }

    /// Hands the response to `body` (chunk by chunk; returning false stops the transfer with
    /// ``CurlError/Code/writeError``) and to `headerLine` (one raw line per call, status lines and the empty line
    /// included). Without this, libcurl would write the body to standard output.
    public func receive(
        body: @escaping (UnsafeRawBufferPointer) -> Bool, headerLine: @escaping (UnsafeRawBufferPointer) -> Void
    ) throws(CurlError) {
        callbacks.body = body
        callbacks.headerLine = headerLine
        try check(vestibule_curl_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION, bodyCallback), "CURLOPT_WRITEFUNCTION")
        try check(vestibule_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, userData), "CURLOPT_WRITEDATA")
        try check(vestibule_curl_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION, headerCallback), "CURLOPT_HEADERFUNCTION")
        try check(vestibule_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, userData), "CURLOPT_HEADERDATA")
    }

    /// The handle's ``TransferCallbacks``, unretained: the handle keeps it alive as long as libcurl may call back.
    private var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(callbacks).toOpaque() }
}

extension CurlOption where Value == Int {
    fileprivate static var upload: Self { Self(CURLOPT_UPLOAD, "CURLOPT_UPLOAD") }
}

private func callbacks(_ userData: UnsafeMutableRawPointer) -> TransferCallbacks {
    Unmanaged<TransferCallbacks>.fromOpaque(userData).takeUnretainedValue()
}

/// `CURLOPT_READFUNCTION`.
private let readCallback: curl_read_callback = { buffer, size, count, userData in
    guard let buffer, let userData else { return Int(CURL_READFUNC_ABORT) }
    return callbacks(userData).read(into: buffer, capacity: size * count)
}

/// `CURLOPT_WRITEFUNCTION`: returning less than was offered makes libcurl stop with `CURLE_WRITE_ERROR`.
private let bodyCallback: curl_write_callback = { bytes, size, count, userData in
    guard let userData else { return 0 }
    let chunk = UnsafeRawBufferPointer(start: bytes, count: size * count)
    return callbacks(userData).body(chunk) ? chunk.count : 0
}

/// `CURLOPT_HEADERFUNCTION`: one call per header line.
private let headerCallback: curl_write_callback = { bytes, size, count, userData in
    guard let userData else { return 0 }
    let line = UnsafeRawBufferPointer(start: bytes, count: size * count)
    callbacks(userData).headerLine(line)
    return line.count
}
