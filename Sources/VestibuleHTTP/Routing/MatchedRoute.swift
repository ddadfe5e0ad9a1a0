import Synchronization

/// The pattern of the route that answered a request (`/handoff/:code`), noted by ``Router`` for the access log,
/// which records it instead of the path: a path can carry a secret, a pattern cannot.
///
/// A reference, so that every copy of the request (middleware, router, handler) notes into the one the server
/// reads after the handler returned or threw.
package final class MatchedRoute: Sendable {
    private let noted = Mutex<String?>(nil)

    package var pattern: String? { noted.withLock { $0 } }

    func note(_ pattern: String) {
        noted.withLock { $0 = pattern }
    }
}
