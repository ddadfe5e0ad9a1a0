/// Dispatches requests to handlers by method and path pattern.
///
/// Patterns are `/`-separated; a segment `:name` captures one path segment into ``Request/pathParameters``.
/// Literal patterns win over patterns with parameters; among the latter, the first registered wins.
/// An unknown path is a 404, a known path with another method a 405 with `Allow`, and `HEAD` is answered by
/// the `GET` handler without a body unless a `HEAD` handler is registered.
public struct Router: Sendable {
    private var routes: [Route] = []
    /// Index into `routes` for patterns without parameters: the common case is one dictionary lookup.
    private var literalRoutes: [String: Int] = [:]

    public init() {}

    /// Registers `handler` for `method` on `pattern` (`/accounts/:id/sessions/:sid`); a later registration for
    /// the same method and pattern replaces the earlier one.
    public mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
        let segments = RouteSegment.parse(pattern)
        if let index = routes.firstIndex(where: { $0.segments == segments }) {
            routes[index].handlers[method] = handler
            return
        }
        routes.append(Route(segments: segments, handlers: [method: handler]))
        if segments.allSatisfy(\.isLiteral) { literalRoutes[pattern] = routes.count - 1 }
    }

    public mutating func get(_ pattern: String, _ handler: @escaping Handler) { add(.get, pattern, handler) }
    public mutating func post(_ pattern: String, _ handler: @escaping Handler) { add(.post, pattern, handler) }
    public mutating func put(_ pattern: String, _ handler: @escaping Handler) { add(.put, pattern, handler) }
    public mutating func patch(_ pattern: String, _ handler: @escaping Handler) { add(.patch, pattern, handler) }
    public mutating func delete(_ pattern: String, _ handler: @escaping Handler) { add(.delete, pattern, handler) }

    /// Runs the matching handler; 404 and 405 are thrown as ``HTTPError``, handler errors propagate.
    ///
    /// Give this to ``HTTPServer`` (`handler: router.handle`) so that unexpected errors reach the server's log.
    public func handle(_ request: Request) throws -> Response {
        var allowed: Set<HTTPMethod> = []
        for (index, parameters) in matches(for: request.path) {
            let handlers = routes[index].handlers
            var matched = request
            matched.pathParameters = parameters
            if let handler = handlers[request.method] {
                return try handler(matched)
            }
            if request.method == .head, let get = handlers[.get] {
                var response = try get(matched)
                response.body = []
                return response
            }
            allowed.formUnion(handlers.keys)
        }
        guard !allowed.isEmpty else { throw HTTPError(.notFound, "No page exists at this address.") }
        if allowed.contains(.get) { allowed.insert(.head) }
        let allow = allowed.map(\.rawValue).sorted().joined(separator: ", ")
        throw HTTPError(.methodNotAllowed, "This address does not accept that method.", headers: ["Allow": allow])
    }

    /// Like ``handle(_:)`` but never throws: errors become responses the way the server makes them, except that
    /// nothing is logged. Meant for in-process use and tests.
    public func respond(to request: Request) -> Response {
        do {
            return try handle(request)
        } catch let error as HTTPError {
            return error.response
        } catch {
            return Response.internalError(requestID: request.id)
        }
    }

    /// Matching routes in precedence order, with the parameters each one captures.
    private func matches(for path: String) -> [(Int, [String: String])] {
        var result: [(Int, [String: String])] = []
        if let literal = literalRoutes[path] { result.append((literal, [:])) }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, route) in routes.enumerated() where index != literalRoutes[path] {
            if let parameters = route.match(segments) { result.append((index, parameters)) }
        }
        return result
    }
}

extension Response {
    /// The answer to an unexpected error: generic, with the request id so an operator can find the log entry.
    static func internalError(requestID: RequestID) -> Response {
        HTTPError(.internalServerError, "Something went wrong on our side (request \(requestID)).").response
    }
}
