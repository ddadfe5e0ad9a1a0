public import VestibuleHTTP

/// The final response to a request (never an interim `100 Continue`): status, header fields and body.
public struct HTTPClientResponse: Sendable {
    public var status: Int
    /// The fields of the final response, in order, names as the server sent them.
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: Int, headers: HTTPHeaders, body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body as UTF-8 text (invalid sequences replaced), for logs of error responses and for tests.
    public var text: String { String(decoding: body, as: UTF8.self) }
}
