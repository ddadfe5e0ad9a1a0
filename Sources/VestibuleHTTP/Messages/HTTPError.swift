/// An error a handler throws to answer with a specific status.
///
/// `message` is sent to the client as the plain-text body, so it must never contain secrets or internals.
public struct HTTPError: Error, Sendable, CustomStringConvertible {
    public var status: HTTPStatus
    public var message: String
    /// Extra response headers, such as `Allow` for 405 or `Retry-After` for 429 and 503.
    public var headers: HTTPHeaders

    public init(_ status: HTTPStatus, _ message: String? = nil, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.message = message ?? status.reasonPhrase
        self.headers = headers
    }

    public var description: String { "\(status.code) \(message)" }

    /// The plain-text response the client sees for this error.
    public var response: Response {
        var response = Response.text(message + "\n", status: status)
        for (name, value) in headers { response.headers.add(name, value) }
        return response
    }
}
