internal import Glibc
import Synchronization
public import VestibuleHTTP
public import VestibuleLogging

/// An HTTP/1.1 server on libmicrohttpd: keep-alive, a pool of worker threads that run the handler
/// synchronously, request limits, security headers and request ids on every response, an access log line
/// per request, and graceful shutdown.
public final class HTTPServer: Sendable {
    private enum Phase {
        /// Not started; with the socket bound beforehand, if one was given.
        case idle(ListeningSocket?)
        case running(Daemon)
        case stopped
    }

    public let configuration: Configuration
    private let context: ServerContext
    private let phase: Mutex<Phase>
    private let boundPort: Atomic<Int>

    /// - Parameter socket: an address bound beforehand, served instead of binding `configuration`'s host and
    ///   port at ``start()``: to know which port 0 became before the server is built.
    /// - Parameter metrics: where every answered request is counted and timed; nil to count nothing.
    public init(
        configuration: Configuration = Configuration(), socket: ListeningSocket? = nil, logger: Logger,
        metrics: HTTPMetrics? = nil, handler: @escaping Handler
    ) {
        self.configuration = configuration
        self.context = ServerContext(configuration: configuration, logger: logger, metrics: metrics, handler: handler)
        phase = Mutex(.idle(socket))
        boundPort = Atomic(socket?.port ?? 0)
    }

    /// Binds the socket (unless one was given) and starts the worker threads; returns once the server accepts
    /// connections.
    ///
    /// Throws ``HTTPServerError`` with code `.addressInUse` when the port is taken, `.invalidAddress` for a
    /// host that does not resolve, `.alreadyStarted` when called twice.
    public func start() throws(HTTPServerError) {
        try phase.withLock { (phase) throws(HTTPServerError) in
            guard case .idle(let bound) = phase else { throw HTTPServerError(.alreadyStarted, "The server was already started (or shut down).") }
            guard configuration.threadPoolSize >= 1, configuration.maxConnections >= configuration.threadPoolSize,
                configuration.maxConnectionsPerAddress >= 0, configuration.requestHeadTimeout >= 1
            else {
                throw HTTPServerError(
                    .invalidConfiguration,
                    "Need 1 ≤ threadPoolSize ≤ maxConnections, maxConnectionsPerAddress ≥ 0, requestHeadTimeout ≥ 1."
                )
            }
            let socket: ListeningSocket
            if let bound { socket = bound } else {
                socket = try ListeningSocket(host: configuration.host, port: configuration.port)
            }
            try socket.listen(backlog: configuration.listenBacklog)
            phase = .running(try Daemon(configuration: configuration, socket: socket, context: context))
            boundPort.store(socket.port, ordering: .releasing)
        }
        context.logger.notice("listening", ["host": configuration.host, "port": String(port)])
    }

    /// The bound port once started or given a socket (the kernel's choice when port 0 was asked for), else 0.
    public var port: Int { boundPort.load(ordering: .acquiring) }

    /// Connections open now, idle keep-alive ones included; 0 when not running. Asks MHD, which sums its
    /// workers' counts: for a scrape, not for every request.
    public var openConnections: Int {
        phase.withLock { phase in
            guard case .running(let daemon) = phase else { return 0 }
            return daemon.openConnections
        }
    }

    /// Requests received but not yet completed.
    var inFlightRequests: Int { context.inFlight.load(ordering: .relaxed) }

    /// Stops gracefully: new connections are closed unanswered at once (see `acceptCallback` for why not
    /// `MHD_quiesce_daemon`), requests in flight get up to `gracePeriod` to be answered (each answer now carries
    /// `Connection: close`), then every connection and the listening socket are closed and the worker threads
    /// joined; from then on connections are refused.
    ///
    /// Idempotent; a second call returns immediately, possibly before the first has finished. A handler still
    /// running when the grace period ends is waited for (a thread cannot be interrupted), its client is not.
    /// Must not be called from a handler: it waits for the worker threads.
    public func shutdown(gracePeriod: Duration = .seconds(10)) {
        let daemon: Daemon? = phase.withLock { phase in
            defer { phase = .stopped }
            guard case .running(let daemon) = phase else { return nil }
            return daemon
        }
        guard let daemon else { return }
        context.isDraining.store(true, ordering: .relaxed)
        let deadline = ContinuousClock.now + gracePeriod
        while context.inFlight.load(ordering: .relaxed) > 0, ContinuousClock.now < deadline {
            usleep(5_000)
        }
        let abandoned = context.inFlight.load(ordering: .relaxed)
        // Releasing the last reference stops the daemon (see `Daemon.deinit`).
        withExtendedLifetime(daemon) {}
        context.logger.notice("stopped", ["abandoned_requests": String(abandoned)])
    }
}
