/// One HTTP request with its complete body, as a handler sees it.
public struct Request: Sendable {
    public var id: RequestID
    public var method: HTTPMethod
    /// The percent-decoded path: valid UTF-8, no NUL, always starting with `/`.
    public var path: String
    /// The request target exactly as received (path and query, still percent-encoded).
    public var rawTarget: String
    public var query: QueryParameters
    public var headers: HTTPHeaders {
        didSet { cookies = RequestCookies(headers: headers) }
    }
    /// The cookies of ``headers``, read once: handlers look several up on every request.
    public private(set) var cookies: RequestCookies
    public var body: [UInt8]
    /// The peer's IP address (the proxy's, when the server runs behind one).
    public var remoteAddress: String
    /// True when clients reach the server over HTTPS (the server is configured as behind a TLS proxy).
    public var isSecure: Bool
    /// Values captured by the route pattern (`/accounts/:id` gives `["id": "42"]`); set by ``Router``.
    public var pathParameters: [String: String]
    /// Shared by every copy of this request: the route ``Router`` matched, for the access log.
    package let matchedRoute = MatchedRoute()

    /// Builds a request from an origin-form target such as `/search?q=a%20b` (visible ASCII only), decoding path
    /// and query strictly.
    ///
    /// The server builds every request through this initializer; tests and other modules use it to call
    /// handlers in-process. Throws a 400 ``HTTPError`` for a target that is not origin-form or not decodable.
    public init(
        id: RequestID = RequestID(),
        method: HTTPMethod,
        target: String,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        remoteAddress: String = "127.0.0.1",
        isSecure: Bool = false,
        pathParameters: [String: String] = [:]
    ) throws(HTTPError) {
        let utf8 = target.utf8
        guard utf8.first == UInt8(ascii: "/") else {
            throw HTTPError(.badRequest, "The request target must be an absolute path.")
        }
        // RFC 3986: everything else must be percent-encoded. This also catches raw invalid UTF-8, which the
        // server's C-string conversion has turned into U+FFFD by the time it gets here.
        guard utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw HTTPError(.badRequest, "The request target contains characters that must be percent-encoded.")
        }
        let questionMark = utf8.firstIndex(of: UInt8(ascii: "?"))
        self.id = id
        self.method = method
        self.path = try PercentDecoding.decode(utf8[..<(questionMark ?? utf8.endIndex)], plusIsSpace: false)
        self.rawTarget = target
        self.query = try questionMark.map { (mark) throws(HTTPError) in
            try QueryParameters(parsing: utf8[utf8.index(after: mark)...])
        } ?? QueryParameters()
        self.headers = headers
        self.cookies = RequestCookies(headers: headers)
        self.body = body
        self.remoteAddress = remoteAddress
        self.isSecure = isSecure
        self.pathParameters = pathParameters
    }

    /// The raw path of ``rawTarget`` without the query string: what the access log records when no route
    /// matched, since query strings can carry codes and tokens.
    public var rawPath: Substring { Self.rawPath(of: rawTarget) }

    package static func rawPath(of target: String) -> Substring {
        target.firstIndex(of: "?").map { target[..<$0] } ?? target[...]
    }
}
