import Foundation

/// The status, headers and complete body of an HTTP response.
public struct Response: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `text/plain; charset=utf-8` response.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }

    /// A `text/html; charset=utf-8` response.
    public static func html(_ html: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Array(html.utf8))
    }

    /// An `application/json` response; throws the encoder's error (answered as 500) for unencodable values.
    public static func json(_ value: some Encodable, status: HTTPStatus = .ok) throws -> Response {
        let data = try JSONEncoder().encode(value)
        return Response(status: status, headers: ["Content-Type": "application/json"], body: Array(data))
    }

    /// A redirect to `location` (303 by default, so a POST is followed by a GET).
    public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> Response {
        Response(status: status, headers: ["Location": location])
    }

    /// A response without a body.
    public static func empty(_ status: HTTPStatus = .noContent) -> Response {
        Response(status: status)
    }

    /// Adds a `Set-Cookie` field; several cookies give several fields.
    public mutating func setCookie(_ cookie: Cookie) {
        headers.add("Set-Cookie", cookie.serialized)
    }
}
