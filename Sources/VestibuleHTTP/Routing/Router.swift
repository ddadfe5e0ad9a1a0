public import VestibuleLogging

/// Dispatches requests to handlers by method and path pattern.
///
/// Patterns are `/`-separated; a segment `:name` captures one path segment into ``Request/pathParameters``.
/// Literal patterns win over patterns with parameters; among the latter, the first registered wins.
/// An unknown path is a 404, a known path with another method a 405 with `Allow`, and `HEAD` is answered by
/// the `GET` handler without a body unless a `HEAD` handler is registered.
public struct Router: Sendable {
    /// Patterns without parameters, by path: the common case costs one dictionary lookup.
    private var literalRoutes: [String: Route] = [:]
    private var parameterRoutes: [Route] = []
    private let logger: Logger?
    /// Every pattern registered, each at the index its route notes on a request (`MatchedRoute`): the bounded
    /// set of routes a request can be counted under.
    public private(set) var patterns: [String] = []

    public init() { logger = nil }

    /// A router whose ``respond(to:)`` logs unexpected handler errors to `logger`, as the server does.
    public init(logger: Logger) { self.logger = logger }

    /// Registers `handler` for `method` on `pattern` (`/accounts/:id/sessions/:sid`); a later registration for
    /// the same method and pattern replaces the earlier one.
    public mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
        let segments = RouteSegment.parse(pattern)
        if segments.allSatisfy(\.isLiteral) {
            if literalRoutes[pattern] == nil { literalRoutes[pattern] = newRoute(pattern, segments) }
            literalRoutes[pattern]?.handlers[method] = handler
        } else if let index = parameterRoutes.firstIndex(where: { $0.segments == segments }) {
            parameterRoutes[index].handlers[method] = handler
        } else {
            var route = newRoute(pattern, segments)
            route.handlers[method] = handler
            parameterRoutes.append(route)
        }
    }

    private mutating func newRoute(_ pattern: String, _ segments: [RouteSegment]) -> Route {
        patterns.append(pattern)
        return Route(pattern: pattern, index: patterns.count - 1, segments: segments, handlers: [:])
    }

    public mutating func get(_ pattern: String, _ handler: @escaping Handler) { add(.get, pattern, handler) }
    public mutating func post(_ pattern: String, _ handler: @escaping Handler) { add(.post, pattern, handler) }
    public mutating func put(_ pattern: String, _ handler: @escaping Handler) { add(.put, pattern, handler) }
    public mutating func patch(_ pattern: String, _ handler: @escaping Handler) { add(.patch, pattern, handler) }
    public mutating func delete(_ pattern: String, _ handler: @escaping Handler) { add(.delete, pattern, handler) }

    /// Runs the matching handler; 404 and 405 are thrown as ``HTTPError``, handler errors propagate (and the
    /// server answers and logs them).
    public func handle(_ request: Request) throws -> Response {
        var allowed: Set<HTTPMethod> = []
        if let route = literalRoutes[request.path],
            let response = try dispatch(request, to: route, parameters: [:], allowed: &allowed)
        {
            return response
        }
        if !parameterRoutes.isEmpty {
            // Split at the byte, not the Character: a combining mark after `/` makes one Character of both, which
            // left a `/` inside a capture (found by Fuzz/, `Fuzz/Corpus/request-target/regression-combining-slash`).
            let segments = request.path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
                .dropFirst().map(Substring.init)[...]
            for route in parameterRoutes {
                guard let parameters = route.match(segments) else { continue }
                if let response = try dispatch(request, to: route, parameters: parameters, allowed: &allowed) {
                    return response
                }
            }
        }
        guard !allowed.isEmpty else { throw HTTPError(.notFound, "No page exists at this address.") }
        if allowed.contains(.get) { allowed.insert(.head) }
        let allow = allowed.map(\.rawValue).sorted().joined(separator: ", ")
        throw HTTPError(.methodNotAllowed, "This address does not accept that method.", headers: ["Allow": allow])
    }

    /// The route's answer, or nil (adding the route's methods to `allowed`) when it has no handler for the method.
    /// Notes the route on the request either way, so a 405 is logged under it too.
    private func dispatch(
        _ request: Request,
        to route: Route,
        parameters: [String: String],
        allowed: inout Set<HTTPMethod>
    ) throws -> Response? {
        request.matchedRoute.note(route)
        var matched = request
        matched.pathParameters = parameters
        if let handler = route.handlers[request.method] {
            return try handler(matched)
        }
        if request.method == .head, let get = route.handlers[.get] {
            var response = try get(matched)
            response.body = []
            return response
        }
        allowed.formUnion(route.handlers.keys)
        return nil
    }

    /// Like ``handle(_:)`` but never throws: errors become responses exactly as the server makes them, so
    /// middleware around the router sees every outcome as a response. Unexpected errors are logged only when
    /// the router was made with ``init(logger:)``.
    public func respond(to request: Request) -> Response {
        do {
            return try handle(request)
        } catch {
            return Response.answering(error, to: request.id, logger: logger)
        }
    }
}
