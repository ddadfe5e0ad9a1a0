/// One path pattern and its handlers by method.
struct Route: Sendable {
    /// As registered (`/accounts/:id`).
    let pattern: String
    /// Its place in ``Router/patterns``: what per-route metrics are indexed by, instead of hashing the pattern.
    let index: Int
    let segments: [RouteSegment]
    var handlers: [HTTPMethod: Handler]

    /// The captured parameters when `path` (the segments after the leading `/`) matches, else nil.
    func match(_ path: ArraySlice<Substring>) -> [String: String]? {
        guard path.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, component) in zip(segments, path) {
            switch segment {
            case .literal(let literal):
                guard literal == component else { return nil }
            case .parameter(let name):
                guard !component.isEmpty else { return nil }
                parameters[name] = String(component)
            }
        }
        return parameters
    }
}

/// A pattern segment: literal text or a `:name` capture.
enum RouteSegment: Hashable, Sendable {
    case literal(String)
    case parameter(String)

    var isLiteral: Bool {
        if case .literal = self { true } else { false }
    }

    static func parse(_ pattern: String) -> [RouteSegment] {
        pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { segment in
            segment.hasPrefix(":") ? .parameter(String(segment.dropFirst())) : .literal(String(segment))
        }
    }
}
