public import VestibuleHTTP

/// One outgoing request: method, absolute `http` or `https` URL, header fields and body bytes.
public struct HTTPClientRequest: Sendable {
    public var method: HTTPMethod
    /// An absolute URL, already percent-encoded: `https://appleid.apple.com/auth/token`.
    public var url: String
    /// Sent as given, after the client's own `User-Agent` (a `User-Agent` here replaces it).
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(method: HTTPMethod, url: String, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
