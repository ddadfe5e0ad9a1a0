import Dispatch
import VestibuleLogging

/// Deletes what has expired (sessions, one-time codes) periodically, so tables hold live rows only.
///
/// Runs on its own dispatch queue (the store blocks), never on Swift's cooperative pool.
final class Janitor: @unchecked Sendable {
    // @unchecked: `timer` is only created in `init` and cancelled in `stop`; dispatch sources are
    // thread-safe objects, they are just not annotated as Sendable.

    /// One kind of expired record: its name for the log, and the purge that returns how many it deleted.
    struct Task: Sendable {
        let name: String
        let purge: @Sendable () throws -> Int
    }

    private let queue = DispatchQueue(label: "vestibule.janitor", qos: .utility)
    private let timer: any DispatchSourceTimer

    /// Starts at once: the first purge runs one `interval` from now.
    init(tasks: [Task], interval: Duration, logger: Logger) {
        timer = DispatchSource.makeTimerSource(queue: queue)
        let seconds = Int(interval.components.seconds)
        timer.schedule(deadline: .now() + .seconds(seconds), repeating: .seconds(seconds), leeway: .seconds(seconds / 10))
        timer.setEventHandler {
            for task in tasks {
                do {
                    let purged = try task.purge()
                    if purged > 0 { logger.info("Expired records deleted", ["kind": task.name, "count": String(purged)]) }
                } catch {
                    logger.warning("Could not delete expired records", ["kind": task.name, "error": "\(error)"])
                }
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
