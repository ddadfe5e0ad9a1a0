internal import Dispatch
internal import Glibc

/// SIGINT (Ctrl-C) and SIGTERM as a request to stop a server process gracefully, rather than their default,
/// which kills it midway through requests.
///
/// Make it before any other thread exists: it blocks both signals for the calling thread, and threads started
/// afterwards inherit that mask, so the signals reach only its dispatch sources. Then start the server and
/// ``wait()``.
public final class StopSignals: @unchecked Sendable {
    // @unchecked: `sources` is written once in `init` and only cancelled afterwards (DispatchSource is
    // thread-safe); `received` is written by the signal queue before `stopped` is signalled and read after it.
    private let stopped = DispatchSemaphore(value: 0)
    private let queue = DispatchQueue(label: "vestibule.stop-signals")
    private var sources: [any DispatchSourceSignal] = []
    private var received = ""

    public init() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        sources = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")].map { number, name in
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in
                received = name
                stopped.signal()
            }
            source.resume()
            return source
        }
    }

    /// Blocks until SIGINT or SIGTERM arrives; returns its name (`SIGINT`), for the log.
    public func wait() -> String {
        stopped.wait()
        sources.forEach { $0.cancel() }
        return queue.sync { received }
    }
}
