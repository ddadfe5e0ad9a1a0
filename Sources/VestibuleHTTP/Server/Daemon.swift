internal import CMicroHTTPD
internal import Glibc

/// Owns one running libmicrohttpd daemon; stopping it is releasing it.
///
/// `@unchecked Sendable`: the handle is only used by `quiesce()`, which `HTTPServer` calls at most once, and
/// by `deinit`; MHD documents both `MHD_quiesce_daemon` and `MHD_stop_daemon` as callable from any thread other
/// than its own workers. The context it keeps alive is itself `Sendable`.
final class Daemon: @unchecked Sendable {
    private let handle: OpaquePointer
    /// Every callback borrows this through `cls`; holding it here guarantees it outlives the daemon.
    let context: ServerContext

    /// Gives MHD a duplicate of `socket`'s descriptor: whether MHD closes a descriptor it was given when it
    /// fails to start is not documented, and with a duplicate it does not matter. `socket` closes the
    /// original when the caller drops it.
    init(configuration: HTTPServer.Configuration, socket: borrowing ListeningSocket, context: ServerContext) throws(HTTPServerError) {
        let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ERROR_LOG.rawValue
            | MHD_USE_ITC.rawValue  // required by MHD_quiesce_daemon (graceful shutdown)
        let descriptor = fcntl(socket.descriptor, F_DUPFD_CLOEXEC, 0)
        guard descriptor >= 0 else {
            throw HTTPServerError(.socketFailure, "Cannot duplicate the listening socket.", systemError: errno)
        }
        var settings = vestibule_mhd_settings(
            flags: flags,
            listen_fd: descriptor,
            thread_pool_size: UInt32(clamping: configuration.threadPoolSize),
            connection_limit: UInt32(clamping: configuration.maxConnections),
            connection_timeout_seconds: UInt32(clamping: configuration.connectionTimeout),
            // The pool holds the request head plus room to read body chunks and write the response head.
            connection_memory_limit: configuration.maxHeaderBytes + Self.workingMemory,
            access_handler: accessCallback,
            request_completed: completedCallback,
            uri_log: uriCallback,
            error_log: errorLogCallback,
            context: Unmanaged.passUnretained(context).toOpaque()
        )
        guard let handle = vestibule_mhd_start(&settings) else {
            throw HTTPServerError(.daemonFailure, "libmicrohttpd failed to start; its log says why.")
        }
        self.handle = handle
        self.context = context
    }

    /// Stops accepting connections; the ones already open keep being served.
    func quiesce() {
        let listener = MHD_quiesce_daemon(handle)
        // MHD hands the listening socket back; closing it makes new connection attempts fail immediately
        // instead of waiting in the backlog.
        if listener >= 0 { close(listener) }
    }

    /// Blocks until every worker thread has finished its current call, then closes all connections.
    deinit { MHD_stop_daemon(handle) }

    /// Above `maxHeaderBytes`: MHD's read buffer for body chunks and the buffer for the response head.
    private static let workingMemory = 16 * 1024
}
