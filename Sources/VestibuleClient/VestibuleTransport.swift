public import VestibuleHTTPClient

/// How ``VestibuleClient`` reaches Vestibule: one HTTP exchange, blocking, a response of any status.
///
/// The libcurl ``HTTPClient`` is the transport every app uses; the seam exists for an app that must route calls
/// its own way (a proxy, a connection pool of its own) and for tests that observe what the client sends.
public protocol VestibuleTransport: Sendable {
    /// Sends `request` and returns the final response, whatever its status.
    ///
    /// - Throws: ``HTTPClientError`` when no complete response arrived.
    func send(_ request: HTTPClientRequest) throws(HTTPClientError) -> HTTPClientResponse
}

extension HTTPClient: VestibuleTransport {}

extension VestibuleTransport where Self == HTTPClient {
    /// libcurl with limits for an identity service on the same network: it answers in milliseconds, and a page
    /// that waits longer is better off saying so. No reply of the API comes near 256 KiB but a large document.
    public static var standard: HTTPClient {
        HTTPClient(
            userAgent: "VestibuleClient/1 (Swift)", timeout: .seconds(10), connectTimeout: .seconds(3),
            maxResponseBytes: 256 * 1024
        )
    }
}
