import Dispatch
public import Foundation
public import VestibuleCore
public import VestibuleHTTPClient
import VestibuleHTTP
public import VestibuleLogging

/// Tells apps that a person's session ended (OpenID Back-Channel Logout 1.0): finds the grants whose browser
/// session is gone, queues a logout for each app that takes them, and POSTs each its `logout_token`, retrying
/// an app that is down with a doubling delay for about 17 hours.
///
/// It works on its own queue: when nudged (a sign-out just happened) and every ``interval`` (sessions also end by
/// expiry, a password reset, a revoked device). A delivery never holds up the request that ended the session.
public final class BackchannelLogoutDelivery: @unchecked Sendable {
    // @unchecked: `timer` is only created in `init` and cancelled in `stop`; dispatch sources are thread-safe
    // objects, they are just not annotated as Sendable (as the janitor's).
    public static let interval: Duration = .seconds(30)

    private let grants: OpenIDGrants
    private let store: any OpenIDStore
    private let tokens: OpenIDTokens
    private let apps: AppRegistry
    private let client: HTTPClient
    private let clock: @Sendable () -> Date
    private let logger: Logger
    private let queue = DispatchQueue(label: "vestibule.backchannel-logout", qos: .utility)
    private let timer: any DispatchSourceTimer

    public init(
        grants: OpenIDGrants, store: any OpenIDStore, tokens: OpenIDTokens, apps: AppRegistry, client: HTTPClient,
        clock: @escaping @Sendable () -> Date, logger: Logger
    ) {
        self.grants = grants
        self.store = store
        self.tokens = tokens
        self.apps = apps
        self.client = client
        self.clock = clock
        self.logger = logger
        timer = DispatchSource.makeTimerSource(queue: queue)
        let seconds = Int(Self.interval.components.seconds)
        timer.schedule(deadline: .now() + .seconds(seconds), repeating: .seconds(seconds), leeway: .seconds(1))
        timer.setEventHandler { [weak self] in self?.run() }
        // Resumed here, never left suspended: libdispatch traps when a suspended source is released.
        timer.resume()
    }

    /// Runs a round soon, off the caller's thread: a session just ended.
    public func nudge() {
        queue.async { [weak self] in self?.run() }
    }

    /// Stops the timer and waits for a running round, so the store can close after it.
    public func stop() {
        timer.cancel()
        queue.sync {}
    }

    /// One round, on the delivery's queue: grants of ended sessions become logouts, and every due logout is tried.
    private func run() {
        do {
            try grants.endGrantsOfEndedSessions(apps: apps)
            for logout in try store.dueBackchannelLogouts(at: clock(), limit: 100) { try deliver(logout) }
        } catch {
            logger.warning("Back-channel logouts could not be processed", ["error": "\(error)"])
        }
    }

    /// POSTs the logout; on success (any 2xx, RFC says 200 or 204) it is done, otherwise postponed or, after the
    /// last attempt, dropped with a log line.
    private func deliver(_ logout: BackchannelLogout) throws {
        guard let app = apps.app(id: logout.appID), let settings = app.openID, let uri = settings.backchannelLogoutURI else {
            try store.deleteBackchannelLogout(id: logout.id)
            return
        }
        var problem: String
        do {
            let token = try tokens.logoutToken(for: logout, algorithm: settings.idTokenAlgorithm)
            let response = try client.postForm(uri, fields: URLEncodedFields([("logout_token", token)]))
            if (200..<300).contains(response.status) {
                try store.deleteBackchannelLogout(id: logout.id)
                logger.info("Back-channel logout delivered", ["app": app.id])
                return
            }
            problem = "status \(response.status)"
        } catch {
            problem = "\(error)"
        }
        var retried = logout
        retried.attempts += 1
        guard retried.attempts < OpenIDGrants.logoutAttempts else {
            try store.deleteBackchannelLogout(id: logout.id)
            logger.warning("Back-channel logout given up", ["app": app.id, "attempts": String(retried.attempts), "error": problem])
            return
        }
        retried.nextAttemptAt = clock().addingTimeInterval(60 * pow(2, Double(retried.attempts - 1)))
        try store.updateBackchannelLogout(retried)
        logger.warning("Back-channel logout failed; will retry", ["app": app.id, "attempt": String(retried.attempts), "error": problem])
    }
}
