import Dispatch
import VestibuleCore
import VestibuleLogging

/// Deletes ended sessions periodically, so the sessions table holds live sessions only.
///
/// Runs on its own dispatch queue (the store blocks), never on Swift's cooperative pool.
final class SessionJanitor: @unchecked Sendable {
    // @unchecked: `timer` is only created in `init` and cancelled in `stop`; dispatch sources are
    // thread-safe objects, they are just not annotated as Sendable.
    private let queue = DispatchQueue(label: "vestibule.session-janitor", qos: .utility)
    private let timer: any DispatchSourceTimer

    /// Starts at once: the first purge runs one `interval` from now.
    init(sessions: SessionManager, interval: Duration, logger: Logger) {
        timer = DispatchSource.makeTimerSource(queue: queue)
        let seconds = Int(interval.components.seconds)
        timer.schedule(deadline: .now() + .seconds(seconds), repeating: .seconds(seconds), leeway: .seconds(seconds / 10))
        timer.setEventHandler {
            do {
                let purged = try sessions.purgeExpired()
                if purged > 0 { logger.info("Ended sessions deleted", ["count": String(purged)]) }
            } catch {
                logger.warning("Could not delete ended sessions", ["error": "\(error)"])
            }
        }
        // Resumed here, never left suspended: libdispatch traps when a suspended source is released.
        timer.resume()
    }

    /// Stops the timer and waits for a running purge to finish, so the store can close after it.
    func stop() {
        timer.cancel()
        queue.sync {}
    }
}
