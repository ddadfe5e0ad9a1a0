public import VestibuleHTTP
import VestibuleCurl

/// A small blocking HTTP/1.1 client on libcurl, for the few calls a sign-in service makes to identity
/// providers (token exchange, keys, revocation) and for delivering webhooks.
///
/// What it will not do, by design: follow redirects (a 3xx is returned as it is, so a token request is never
/// replayed to another host), speak anything but `http` and `https`, skip TLS verification, or read a response
/// body past ``maxResponseBytes``. Every request carries ``userAgent``: Apple has answered 403 to requests
/// with odd or missing User-Agents.
///
/// Each ``send(_:)`` uses a fresh libcurl handle, so one client is safe to share between threads; the price
/// is a new connection per request, which these rare calls can afford. `send` blocks for up to ``timeout``:
/// call it from a thread that may block (a request handler's worker thread), not from Swift's cooperative pool.
public struct HTTPClient: Sendable {
    /// Sent as `User-Agent` on every request: name the product and a way to reach its operator.
    public let userAgent: String
    /// The limit for the whole exchange, from resolving the name to the last body byte.
    public let timeout: Duration
    /// The limit for resolving the name and connecting (TLS handshake included); at most ``timeout``.
    public let connectTimeout: Duration
    /// Larger response bodies fail with ``HTTPClientError/Code/responseTooLarge``.
    public let maxResponseBytes: Int
    /// A PEM file of certificates to trust instead of the system's (a private CA, a test server). Verification
    /// itself is never switched off.
    public let caCertificateFile: String?

    public init(
        userAgent: String,
        timeout: Duration = .seconds(10),
        connectTimeout: Duration = .seconds(5),
        maxResponseBytes: Int = 1024 * 1024,
        caCertificateFile: String? = nil
    ) {
        self.userAgent = userAgent
        self.timeout = timeout
        self.connectTimeout = min(connectTimeout, timeout)
        self.maxResponseBytes = maxResponseBytes
        self.caCertificateFile = caCertificateFile
    }

    /// Sends `request` and returns the response, whatever its status.
    ///
    /// - Throws: ``HTTPClientError`` when no complete response arrived, or the request is not sendable.
    public func send(_ request: HTTPClientRequest) throws(HTTPClientError) -> HTTPClientResponse {
        let target = try RequestTarget(request, userAgent: userAgent)
        let collector = ResponseCollector(limit: maxResponseBytes)
        do throws(CurlError) {
            let transfer = try CurlEasy()
            try transfer.set(.url, request.url)
            try transfer.set(.protocols, "http,https")
            try transfer.set(.noSignal, 1)
            try transfer.set(.httpVersion, .http1_1)
            try transfer.set(.followLocation, 0)
            try transfer.set(.sslVerifyPeer, 1)
            try transfer.set(.sslVerifyHost, 2)
            try transfer.set(.sslVersion, .tls1_2)
            if let caCertificateFile { try transfer.set(.caInfo, caCertificateFile) }
            try transfer.set(.connectTimeoutMilliseconds, Self.milliseconds(connectTimeout))
            try transfer.set(.timeoutMilliseconds, Self.milliseconds(timeout))
            // A declared Content-Length over the limit fails before any body byte is read.
            try transfer.set(.maxFileSize, maxResponseBytes)
            try transfer.set(.userAgent, userAgent)
            try transfer.set(.httpHeader, CurlStringList(target.headerLines))
            try transfer.setMethod(request.method, body: request.body)
            try transfer.receive(body: collector.appendBody, headerLine: collector.receiveHeaderLine)
            try transfer.perform()
            return HTTPClientResponse(status: try transfer.responseCode(), headers: collector.headers, body: collector.body)
        } catch {
            throw HTTPClientError(
                curl: error, target: target, bodyLimit: maxResponseBytes, stoppedAtLimit: collector.exceededLimit
            )
        }
    }

    /// `GET url`.
    public func get(_ url: String, headers: HTTPHeaders = HTTPHeaders()) throws(HTTPClientError) -> HTTPClientResponse {
        try send(HTTPClientRequest(method: .get, url: url, headers: headers))
    }

    /// `POST url` with `fields` as an `application/x-www-form-urlencoded` body, as Apple's token and revocation
    /// endpoints expect.
    public func postForm(
        _ url: String, fields: URLEncodedFields, headers: HTTPHeaders = HTTPHeaders()
    ) throws(HTTPClientError) -> HTTPClientResponse {
        var headers = headers
        headers.replace("Content-Type", "application/x-www-form-urlencoded")
        return try send(HTTPClientRequest(method: .post, url: url, headers: headers, body: Array(fields.encoded.utf8)))
    }

    /// `POST url` with `body` as `application/json`.
    public func postJSON(
        _ url: String, body: [UInt8], headers: HTTPHeaders = HTTPHeaders()
    ) throws(HTTPClientError) -> HTTPClientResponse {
        var headers = headers
        headers.replace("Content-Type", "application/json")
        return try send(HTTPClientRequest(method: .post, url: url, headers: headers, body: body))
    }

    /// At least 1 ms: libcurl reads 0 as "no timeout".
    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
