/// Answers one request. Runs synchronously on one of the server's worker threads, so it may block (SQLite,
/// Argon2id); the pool size bounds how many run at once.
///
/// A thrown ``HTTPError`` is answered with its status and message; any other error becomes a 500 with a
/// generic message and the request id, and is logged server-side.
public typealias Handler = @Sendable (Request) throws -> Response

/// Code that runs around a handler: it may change the request, answer early, or change the response.
public struct Middleware: Sendable {
    private let body: @Sendable (Request, Handler) throws -> Response

    public init(_ body: @escaping @Sendable (Request, Handler) throws -> Response) {
        self.body = body
    }

    /// `handler` wrapped by this middleware.
    public func wrapping(_ handler: @escaping Handler) -> Handler {
        { [body] request in try body(request, handler) }
    }

    /// `handler` wrapped by every middleware; the first one is the outermost (it sees the request first).
    public static func chain(_ middlewares: [Middleware], around handler: @escaping Handler) -> Handler {
        middlewares.reversed().reduce(handler) { inner, middleware in middleware.wrapping(inner) }
    }
}
