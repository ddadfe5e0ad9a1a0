import Synchronization

/// The pattern of the route that answered a request (`/handoff/:code`), noted by ``Router`` for the access log,
/// which records it instead of the path: a path can carry a secret, a pattern cannot.
///
/// A reference, so that every copy of the request (middleware, router, handler) notes into the one the server
/// reads after the handler returned or threw.
package final class MatchedRoute: Sendable {
    private let noted = Mutex<(pattern: String, index: Int)?>(nil)

    /// The pattern, and the route's index in ``Router/patterns`` (for metrics kept in an array by route).
    package var route: (pattern: String, index: Int)? { noted.withLock { $0 } }

    package var pattern: String? { route?.pattern }

    func note(_ route: Route) {
        noted.withLock { $0 = (route.pattern, route.index) }
    }
}
